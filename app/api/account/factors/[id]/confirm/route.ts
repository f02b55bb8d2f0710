// POST /api/account/factors/:id/confirm {code} – the app's first code; a wrong one is a field error
import { confirmFactor } from "@/lib/billing/factors";
import { BillingApiError } from "@/lib/billing/errors";
import { RouteError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/json";
import { pathId } from "@/lib/http/path-id";
import { json, withRoute } from "@/lib/http/route";
import { confirmFactorSchema } from "@/lib/schemas/factors";

export const POST = withRoute<{ id: string }>(
  async ({ req, params, clientIp, authed }) => {
    const id = pathId(params.id);
    const { code } = await parseJson(req, confirmFactorSchema);
    try {
      return json(
        await authed((accessToken) =>
          confirmFactor({ accessToken, clientIp }, id, code.replace(/\s/g, "")),
        ),
      );
    } catch (error) {
      if (error instanceof BillingApiError && error.code === "invalid_code")
        throw new RouteError("validation", { fields: { code: "errors.auth.invalidCode" } });
      throw error;
    }
  },
  { auth: true, mutating: true },
);
