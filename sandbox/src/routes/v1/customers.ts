/** /v1/customers: the selected customer's account figures. */
import { Hono } from "hono";
import { fileLinks, invoicePdfUrl } from "../../documents/links";
import type { SandboxEnv } from "../../env";
import { accountDetail } from "../../lists/account-detail";
import { requireCustomer } from "../../middleware/auth";
import { envelope } from "../../respond";
import { customerToday } from "../../subscriptions/clock";
import { customerEstimate } from "../../subscriptions/period-service";
import { accountScope } from "./account-context";

export const customerRoutes = new Hono<SandboxEnv>();

// GET /v1/customers/account_detail – balance, last payment, last paid invoice (computed)
customerRoutes.get("/customers/account_detail", requireCustomer, async (c) => {
  const links = fileLinks(c, c.var.app);
  return envelope(
    c,
    await accountDetail(c.var.app.db, c.var.customerId, {
      invoicePdfUrl: (id) => invoicePdfUrl(links, id),
    }),
  );
});

// GET /v1/customers/period_estimate – every subscription's current cycle and the totals per currency
customerRoutes.get("/customers/period_estimate", requireCustomer, async (c) => {
  const { db, now } = c.var.app;
  const today = await customerToday(db, c.var.customerId, now());
  return envelope(c, await customerEstimate(db, accountScope(c), today));
});
