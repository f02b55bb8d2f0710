// POST /api/account/factors/passkey {name, response} – the browser's answer; the billing API verifies it
import { BillingApiError } from "@/lib/billing/errors";
import { addPasskey } from "@/lib/billing/factors";
import { RouteError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { addPasskeySchema } from "@/lib/schemas/factors";

export const POST = withRoute(
  async ({ req, clientIp, authed }) => {
    const { name, response } = await parseJson(req, addPasskeySchema);
    try {
      return json(
        await authed((accessToken) => addPasskey({ accessToken, clientIp }, name, response)),
      );
    } catch (err) {
      if (err instanceof BillingApiError && err.code === "invalid_passkey")
        throw new RouteError("invalid_passkey");
      throw err;
    }
  },
  { auth: true, mutating: true },
);
