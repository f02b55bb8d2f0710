/** /v1/customers/updateAutoPay: the selected customer's auto-pay switch. */
import { Hono } from "hono";
import { updateAutoPay, updateAutoPaySchema } from "../../account/auto-pay";
import { jsonBody } from "../../body";
import type { SandboxEnv } from "../../env";
import { requireCustomer } from "../../middleware/auth";
import { envelope } from "../../respond";
import { accountScope } from "./account-context";

export const autoPayRoutes = new Hono<SandboxEnv>();

// POST /v1/customers/updateAutoPay {auto_pay} – 403 unless edit_auto_pay; answers {auto_pay}
autoPayRoutes.post("/customers/updateAutoPay", requireCustomer, async (c) => {
  const { app } = c.var;
  const body = await jsonBody(c, updateAutoPaySchema);
  const scope = accountScope(c);
  return envelope(c, await app.db.transaction((tx) => updateAutoPay(tx, scope, body, app.now())));
});
