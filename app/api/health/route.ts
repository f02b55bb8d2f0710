// GET /api/health – alive: this process answers HTTP. Calls nothing upstream, reads no session
// (a liveness probe that waited on the billing API would restart healthy instances in an outage).
import { json, withApiHeaders } from "@/lib/http/route";

export function GET(): Response {
  return withApiHeaders(json({ status: "ok" }));
}
