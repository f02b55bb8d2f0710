/** /v1/subscriptions: the selected customer's subscriptions (docs/CONTRACT.md §7.1). */
import {
  acceptOfferBody,
  cancelBody,
  cancelDateQuery,
  changeBody,
  pauseBody,
  pauseQuery,
  reactivateBody,
  resumeBody,
  updateBody,
} from "@billing-portal/contract/wire/subscriptions";
import { Hono, type Context } from "hono";
import { jsonBody } from "../../body";
import type { SandboxEnv } from "../../env";
import { parseWith } from "../../http";
import { requireCustomer, type CustomerEnv } from "../../middleware/auth";
import { envelope } from "../../respond";
import {
  applyChange,
  cancelDate,
  cancelSubscription,
  listForCustomer,
  previewChange,
  cancelPreview,
  reactivatePreview,
  reactivateSubscription,
  updateFields,
} from "../../subscriptions/service";
import { customerToday } from "../../subscriptions/clock";
import { subscriptionEstimate } from "../../subscriptions/period-service";
import { acceptOffer, listOffers } from "../../subscriptions/offers";
import {
  pausePreview,
  pauseSubscription,
  resumePreview,
  resumeSubscription,
} from "../../subscriptions/pause-service";
import { accountScope } from "./account-context";

export const subscriptionRoutes = new Hono<SandboxEnv>();

/** The customer's billing day: its test clock, else today in US Eastern time. */
const today = (c: Context<CustomerEnv>) =>
  customerToday(c.var.app.db, c.var.customerId, c.var.app.now());

// GET /v1/subscriptions?customer_id&filter_options[subscriptions][0][status] – {subscriptions}, oldest first
subscriptionRoutes.get("/subscriptions", requireCustomer, async (c) => {
  const query = new URL(c.req.url).searchParams;
  return envelope(c, await listForCustomer(c.var.app.db, accountScope(c), query, await today(c)));
});

// PUT /v1/subscriptions/:id {fields} – editable fields only; {subscription}
subscriptionRoutes.put("/subscriptions/:id", requireCustomer, async (c) => {
  const body = await jsonBody(c, updateBody);
  const scope = accountScope(c);
  const id = c.req.param("id");
  const day = await today(c);
  return envelope(
    c,
    await c.var.app.db.transaction((tx) => updateFields(tx, scope, id, body, day)),
  );
});

// PUT /v1/subscriptions/:id/change_preview ChangeBody – ChangePreviewDto; writes nothing
subscriptionRoutes.put("/subscriptions/:id/change_preview", requireCustomer, async (c) => {
  const body = await jsonBody(c, changeBody);
  const scope = accountScope(c);
  return envelope(
    c,
    await previewChange(c.var.app.db, scope, c.req.param("id"), body, await today(c)),
  );
});

// PUT /v1/subscriptions/:id/change ChangeBody – {subscription, preview}
subscriptionRoutes.put("/subscriptions/:id/change", requireCustomer, async (c) => {
  const body = await jsonBody(c, changeBody);
  const scope = accountScope(c);
  const id = c.req.param("id");
  const day = await today(c);
  return envelope(
    c,
    await c.var.app.db.transaction((tx) => applyChange(tx, scope, id, body, day, c.var.app.now())),
  );
});

// GET /v1/subscriptions/:id/cancel_date?cancellation_type[&cancellation_date] – {endDate}
subscriptionRoutes.get("/subscriptions/:id/cancel_date", requireCustomer, async (c) => {
  const query = parseWith(cancelDateQuery, c.req.query());
  const scope = accountScope(c);
  return envelope(
    c,
    await cancelDate(c.var.app.db, scope, c.req.param("id"), query, await today(c)),
  );
});

// GET /v1/subscriptions/:id/cancel_preview?cancellation_type[&cancellation_date] – the last bill
subscriptionRoutes.get("/subscriptions/:id/cancel_preview", requireCustomer, async (c) => {
  const query = parseWith(cancelDateQuery, c.req.query());
  const day = await today(c);
  return envelope(
    c,
    await cancelPreview(c.var.app.db, accountScope(c), c.req.param("id"), query, day),
  );
});

// GET /v1/subscriptions/:id/reactivate_preview – what reactivating charges now
subscriptionRoutes.get("/subscriptions/:id/reactivate_preview", requireCustomer, async (c) => {
  const day = await today(c);
  return envelope(
    c,
    await reactivatePreview(c.var.app.db, accountScope(c), c.req.param("id"), day),
  );
});

// PUT /v1/subscriptions/:id/cancel {cancellation_date, cancellation_type?, reason_code?, reason_text?} – {subscription}
subscriptionRoutes.put("/subscriptions/:id/cancel", requireCustomer, async (c) => {
  const body = await jsonBody(c, cancelBody);
  const scope = accountScope(c);
  const id = c.req.param("id");
  const day = await today(c);
  return envelope(
    c,
    await c.var.app.db.transaction((tx) =>
      cancelSubscription(tx, scope, id, body, day, c.var.app.now()),
    ),
  );
});

// PUT /v1/subscriptions/:id/reactivate {} – {subscription}
subscriptionRoutes.put("/subscriptions/:id/reactivate", requireCustomer, async (c) => {
  await jsonBody(c, reactivateBody);
  const scope = accountScope(c);
  const id = c.req.param("id");
  const day = await today(c);
  return envelope(
    c,
    await c.var.app.db.transaction((tx) =>
      reactivateSubscription(tx, scope, id, day, c.var.app.now()),
    ),
  );
});

// GET /v1/subscriptions/:id/period_estimate – {today, estimate}: the current cycle, cost so far, projection
subscriptionRoutes.get("/subscriptions/:id/period_estimate", requireCustomer, async (c) => {
  const { db } = c.var.app;
  return envelope(
    c,
    await subscriptionEstimate(db, accountScope(c), c.req.param("id"), await today(c)),
  );
});

// GET /v1/subscriptions/:id/pause_preview?cycles – when the pause would begin and end, what it bills
subscriptionRoutes.get("/subscriptions/:id/pause_preview", requireCustomer, async (c) => {
  const { cycles } = parseWith(pauseQuery, c.req.query());
  const day = await today(c);
  return envelope(
    c,
    await pausePreview(c.var.app.db, accountScope(c), c.req.param("id"), cycles, day),
  );
});

// PUT /v1/subscriptions/:id/pause {cycles} – {subscription}
subscriptionRoutes.put("/subscriptions/:id/pause", requireCustomer, async (c) => {
  const { cycles } = await jsonBody(c, pauseBody);
  const scope = accountScope(c);
  const id = c.req.param("id");
  const day = await today(c);
  return envelope(
    c,
    await c.var.app.db.transaction((tx) =>
      pauseSubscription(tx, scope, id, cycles, day, c.var.app.now()),
    ),
  );
});

// GET /v1/subscriptions/:id/resume_preview – what resuming now charges
subscriptionRoutes.get("/subscriptions/:id/resume_preview", requireCustomer, async (c) => {
  const day = await today(c);
  return envelope(c, await resumePreview(c.var.app.db, accountScope(c), c.req.param("id"), day));
});

// PUT /v1/subscriptions/:id/resume {} – {subscription}
subscriptionRoutes.put("/subscriptions/:id/resume", requireCustomer, async (c) => {
  await jsonBody(c, resumeBody);
  const scope = accountScope(c);
  const id = c.req.param("id");
  const day = await today(c);
  return envelope(
    c,
    await c.var.app.db.transaction((tx) => resumeSubscription(tx, scope, id, day, c.var.app.now())),
  );
});

// GET /v1/subscriptions/:id/retention_offers – {offers}: what the company offers instead of leaving
subscriptionRoutes.get("/subscriptions/:id/retention_offers", requireCustomer, async (c) => {
  const day = await today(c);
  return envelope(c, await listOffers(c.var.app.db, accountScope(c), c.req.param("id"), day));
});

// PUT /v1/subscriptions/:id/retention_offers/:offer_id/accept {} – {subscription}
subscriptionRoutes.put(
  "/subscriptions/:id/retention_offers/:offer_id/accept",
  requireCustomer,
  async (c) => {
    await jsonBody(c, acceptOfferBody);
    const scope = accountScope(c);
    const id = c.req.param("id");
    const offerId = c.req.param("offer_id");
    const day = await today(c);
    return envelope(
      c,
      await c.var.app.db.transaction((tx) =>
        acceptOffer(tx, scope, id, offerId, day, c.var.app.now()),
      ),
    );
  },
);
