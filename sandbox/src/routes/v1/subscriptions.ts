/** /v1/subscriptions: the selected customer's subscriptions (docs/CONTRACT.md §7.1). */
import {
  cancelBody,
  cancelDateQuery,
  changeBody,
  reactivateBody,
  updateBody,
} from "@billing-portal/contract/wire/subscriptions";
import { Hono, type Context } from "hono";
import { jsonBody } from "../../body";
import type { SandboxEnv } from "../../env";
import { parseWith } from "../../http";
import { easternDate } from "../../lists/business-day";
import { requireCustomer, type CustomerEnv } from "../../middleware/auth";
import { envelope } from "../../respond";
import {
  applyChange,
  cancelDate,
  cancelSubscription,
  listForCustomer,
  previewChange,
  reactivateSubscription,
  updateFields,
} from "../../subscriptions/service";
import { accountScope } from "./account-context";

export const subscriptionRoutes = new Hono<SandboxEnv>();

/** Today in US Eastern time by the sandbox's clock. */
const today = (c: Context<CustomerEnv>) => easternDate(c.var.app.now());

// GET /v1/subscriptions?customer_id&filter_options[subscriptions][0][status] – {subscriptions}, oldest first
subscriptionRoutes.get("/subscriptions", requireCustomer, async (c) => {
  const query = new URL(c.req.url).searchParams;
  return envelope(c, await listForCustomer(c.var.app.db, accountScope(c), query, today(c)));
});

// PUT /v1/subscriptions/:id {fields} – editable fields only; {subscription}
subscriptionRoutes.put("/subscriptions/:id", requireCustomer, async (c) => {
  const body = await jsonBody(c, updateBody);
  const scope = accountScope(c);
  const id = c.req.param("id");
  return envelope(
    c,
    await c.var.app.db.transaction((tx) => updateFields(tx, scope, id, body, today(c))),
  );
});

// PUT /v1/subscriptions/:id/change_preview ChangeBody – ChangePreviewDto; writes nothing
subscriptionRoutes.put("/subscriptions/:id/change_preview", requireCustomer, async (c) => {
  const body = await jsonBody(c, changeBody);
  const scope = accountScope(c);
  return envelope(c, await previewChange(c.var.app.db, scope, c.req.param("id"), body, today(c)));
});

// PUT /v1/subscriptions/:id/change ChangeBody – {subscription, preview}
subscriptionRoutes.put("/subscriptions/:id/change", requireCustomer, async (c) => {
  const body = await jsonBody(c, changeBody);
  const scope = accountScope(c);
  const id = c.req.param("id");
  return envelope(
    c,
    await c.var.app.db.transaction((tx) => applyChange(tx, scope, id, body, today(c))),
  );
});

// GET /v1/subscriptions/:id/cancel_date?cancellation_type[&cancellation_date] – {endDate}
subscriptionRoutes.get("/subscriptions/:id/cancel_date", requireCustomer, async (c) => {
  const query = parseWith(cancelDateQuery, c.req.query());
  const scope = accountScope(c);
  return envelope(c, await cancelDate(c.var.app.db, scope, c.req.param("id"), query, today(c)));
});

// PUT /v1/subscriptions/:id/cancel {cancellation_date, cancellation_type?} – {subscription}
subscriptionRoutes.put("/subscriptions/:id/cancel", requireCustomer, async (c) => {
  const body = await jsonBody(c, cancelBody);
  const scope = accountScope(c);
  const id = c.req.param("id");
  return envelope(
    c,
    await c.var.app.db.transaction((tx) => cancelSubscription(tx, scope, id, body, today(c))),
  );
});

// PUT /v1/subscriptions/:id/reactivate {} – {subscription}
subscriptionRoutes.put("/subscriptions/:id/reactivate", requireCustomer, async (c) => {
  await jsonBody(c, reactivateBody);
  const scope = accountScope(c);
  const id = c.req.param("id");
  return envelope(
    c,
    await c.var.app.db.transaction((tx) => reactivateSubscription(tx, scope, id, today(c))),
  );
});
