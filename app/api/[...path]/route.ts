// ANY /api/<unknown> – a JSON 404 with the BFF's headers. proxy.ts leaves /api/ alone, so without
// this a mistyped BFF path would get Next.js's HTML not-found page without a CSP.
import { refusalRoute } from "@/lib/http/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = refusalRoute("not_found");
