/** /v1/paymentMethods: the selected customer's payment methods, bank-transfer details and form URL. */
import { Hono } from "hono";
import { getAchCreditDetails } from "../../account/ach-credit";
import { getAddPaymentMethodFormUrl } from "../../account/add-payment-page";
import { getGateway } from "../../account/gateway";
import {
  addPaymentMethod,
  deletePaymentMethod,
  listPaymentMethods,
  parseAddPaymentMethodBody,
  setDefaultPaymentMethod,
  setDefaultSchema,
} from "../../account/payment-methods";
import { jsonBody, readJsonBody } from "../../body";
import type { SandboxEnv } from "../../env";
import { ApiError } from "../../http";
import { requireCustomer } from "../../middleware/auth";
import { envelope } from "../../respond";
import { accountScope, pageLinks } from "./account-context";

export const paymentMethodRoutes = new Hono<SandboxEnv>();

// GET /v1/paymentMethods – {paymentMethods, gateway}
paymentMethodRoutes.get("/paymentMethods", requireCustomer, async (c) => {
  const { app } = c.var;
  return envelope(c, await listPaymentMethods(app.db, accountScope(c), pageLinks(c, app)));
});

// POST /v1/paymentMethods – add a tokenized card or bank account (spec 000 §3 payload); raw numbers → 400
paymentMethodRoutes.post("/paymentMethods", requireCustomer, async (c) => {
  const { app } = c.var;
  const scope = accountScope(c);
  const gateway = await getGateway(app.db, scope.companyId);
  const body = parseAddPaymentMethodBody(await readJsonBody(c), gateway);
  const links = pageLinks(c, app);
  return envelope(c, await app.db.transaction((tx) => addPaymentMethod(tx, scope, body, links)));
});

// GET /v1/paymentMethods/getAchCreditDetails – bank-transfer details; none → 404
paymentMethodRoutes.get("/paymentMethods/getAchCreditDetails", requireCustomer, async (c) =>
  envelope(c, await getAchCreditDetails(c.var.app.db, accountScope(c))),
);

// GET /v1/paymentMethods/getAddPaymentMethodFormUrl – {formUrl}: the signed hosted add-payment page
paymentMethodRoutes.get(
  "/paymentMethods/getAddPaymentMethodFormUrl",
  requireCustomer,
  async (c) => {
    const { app } = c.var;
    return envelope(
      c,
      await getAddPaymentMethodFormUrl(app.db, accountScope(c), pageLinks(c, app)),
    );
  },
);

// PUT /v1/paymentMethods/:id/setDefault {id?} – the only default from now on; answers the method
paymentMethodRoutes.put("/paymentMethods/:id/setDefault", requireCustomer, async (c) => {
  const { app } = c.var;
  const id = c.req.param("id");
  const body = await jsonBody(c, setDefaultSchema);
  if (body.id !== undefined && body.id !== id) {
    throw new ApiError(400, "id_mismatch", "The id in the body differs from the one in the path");
  }
  const scope = accountScope(c);
  const links = pageLinks(c, app);
  return envelope(
    c,
    await app.db.transaction((tx) => setDefaultPaymentMethod(tx, scope, id, links)),
  );
});

// DELETE /v1/paymentMethods/:id – seti_… and pi_… ids name the intent; another customer's → 404
paymentMethodRoutes.delete("/paymentMethods/:id", requireCustomer, async (c) => {
  const { app } = c.var;
  const id = c.req.param("id");
  const scope = accountScope(c);
  return envelope(
    c,
    await app.db.transaction((tx) => deletePaymentMethod(tx, scope, id, app.now())),
  );
});
