/** GET /v1/payments/getPayNowUrl: the link to the sandbox's hosted pay-now page. */
import { Hono } from "hono";
import { payNowUrl } from "../../documents/pay-now/page";
import type { SandboxEnv } from "../../env";
import { requireCustomer } from "../../middleware/auth";
import { envelope } from "../../respond";
import { pageLinks } from "./account-context";

export const payNowRoutes = new Hono<SandboxEnv>();

// GET /v1/payments/getPayNowUrl – { payNowUrl }: the customer's signed, expiring pay-now page
payNowRoutes.get("/payments/getPayNowUrl", requireCustomer, (c) =>
  envelope(c, { payNowUrl: payNowUrl(pageLinks(c, c.var.app), c.var.customerId) }),
);
