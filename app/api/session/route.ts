// GET /api/session – the safe projection of the session (user, company, selected customer), or 401
import { json, withRoute } from "@/lib/http/route";
import { toSessionView } from "@/lib/session/seal";

export const GET = withRoute(async ({ session }) => json(session ? toSessionView(session) : null), {
  auth: true,
});
