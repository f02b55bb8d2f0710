// ANY /api/bad-request – where server.mjs sends a request it refuses before Next.js decodes it
// (invalid UTF-8 in the path, a NUL in the path or query): a 400 in the BFF's error shape with the
// BFF's headers, instead of Next.js's plain-text 500.
import { refusalRoute } from "@/lib/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = refusalRoute("bad_request");
