// POST /api/auth/verify-email – confirm an e-mail address with its single-use token
import { verifyEmailToken } from "@/lib/billing/tokens";
import { RouteError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { verifyEmailSchema } from "@/lib/schemas/auth";

export const POST = withRoute(
  async ({ req }) => {
    const { token } = await parseJson(req, verifyEmailSchema);
    if (!(await verifyEmailToken(token))) throw new RouteError("token_invalid");
    return json({ ok: true });
  },
  { mutating: true },
);
