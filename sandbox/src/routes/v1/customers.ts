/** /v1/customers: the selected customer's account figures. */
import { Hono } from "hono";
import { fileLinks, invoicePdfUrl } from "../../documents/links";
import type { SandboxEnv } from "../../env";
import { accountDetail } from "../../lists/account-detail";
import { requireCustomer } from "../../middleware/auth";
import { envelope } from "../../respond";

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
