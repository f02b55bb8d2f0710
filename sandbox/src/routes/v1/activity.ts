/** /v1/customers/{customerId}/activity: the activity log of a customer the user is linked to. */
import { activityQuery } from "@billing-portal/contract/wire/activity";
import { Hono } from "hono";
import { linkedCustomer, listActivity } from "../../activity/list";
import type { SandboxEnv } from "../../env";
import { parseWith } from "../../http";
import { requireUser } from "../../middleware/auth";
import { envelope } from "../../respond";

export const activityRoutes = new Hono<SandboxEnv>();

// GET /v1/customers/:customerId/activity?kind&from&to&page&page_size – {items, page, page_size, total}
activityRoutes.get("/customers/:customerId/activity", requireUser, async (c) => {
  const { app, user } = c.var;
  const url = new URL(c.req.url);
  const kinds = url.searchParams.getAll("kind");
  const query = parseWith(activityQuery, {
    ...c.req.query(),
    kind: kinds.length > 0 ? kinds : undefined,
  });
  const customerId = await linkedCustomer(app.db, user, c.req.param("customerId"));
  return envelope(c, await listActivity(app.db, customerId, query));
});
