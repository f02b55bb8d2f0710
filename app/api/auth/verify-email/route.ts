// POST /api/auth/verify-email – confirm an e-mail address with its single-use token
import { z } from "zod";
import { verifyEmailToken } from "@/lib/billing/tokens";
import { RouteError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { urlTokenSchema } from "@/lib/schemas/shared";

const verifyEmailSchema = z.object({ token: urlTokenSchema });

export const POST = withRoute(
  async ({ req }) => {
    const { token } = await parseJson(req, verifyEmailSchema);
    if (!(await verifyEmailToken(token))) throw new RouteError("token_invalid");
    return json({ ok: true });
  },
  { mutating: true },
);
