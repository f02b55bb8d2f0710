/** /v1/alerts: the selected customer's thresholds, recipients and fired alerts (CONTRACT.md §7.4). */
import {
  alertConfirmBody,
  alertMeBody,
  alertRecipientBody,
  alertThresholdBody,
} from "@billing-portal/contract/wire/alerts";
import { Hono } from "hono";
import {
  addAddress,
  addThreshold,
  alertSettings,
  confirmAddress,
  dismissEvent,
  removeRecipient,
  removeThreshold,
  setMine,
} from "../../alerts/service";
import { jsonBody } from "../../body";
import type { SandboxEnv } from "../../env";
import { requireCustomer } from "../../middleware/auth";
import { envelope } from "../../respond";
import { accountScope } from "./account-context";

export const alertRoutes = new Hono<SandboxEnv>();

// GET /v1/alerts – {currency, thresholds, recipients, events}
alertRoutes.get("/alerts", requireCustomer, async (c) => {
  const { db, now } = c.var.app;
  return envelope(c, await alertSettings(db, accountScope(c), c.var.user.id, now()));
});

// POST /v1/alerts/thresholds {basis, amount} – {threshold}
alertRoutes.post("/alerts/thresholds", requireCustomer, async (c) => {
  const body = await jsonBody(c, alertThresholdBody);
  const { db, now } = c.var.app;
  const scope = accountScope(c);
  return envelope(c, await db.transaction((tx) => addThreshold(tx, scope, body, now())));
});

// DELETE /v1/alerts/thresholds/:id – {success}
alertRoutes.delete("/alerts/thresholds/:id", requireCustomer, async (c) =>
  envelope(c, await removeThreshold(c.var.app.db, accountScope(c), c.req.param("id"))),
);

// PUT /v1/alerts/me {subscribed} – {recipient}
alertRoutes.put("/alerts/me", requireCustomer, async (c) => {
  const { subscribed } = await jsonBody(c, alertMeBody);
  const { db, now } = c.var.app;
  const scope = accountScope(c);
  const user = { id: c.var.user.id, email: c.var.user.email };
  return envelope(c, await db.transaction((tx) => setMine(tx, scope, user, subscribed, now())));
});

// POST /v1/alerts/recipients/confirm {token} – {email, company_name}; no bearer: the link is the proof
alertRoutes.post("/alerts/recipients/confirm", async (c) => {
  const { token } = await jsonBody(c, alertConfirmBody);
  const { db, now } = c.var.app;
  return envelope(c, await db.transaction((tx) => confirmAddress(tx, token, now())));
});

// POST /v1/alerts/recipients {email} – {recipient}: pending until its link is used
alertRoutes.post("/alerts/recipients", requireCustomer, async (c) => {
  const { email } = await jsonBody(c, alertRecipientBody);
  const { db, now, config } = c.var.app;
  const scope = accountScope(c);
  const userId = c.var.user.id;
  return envelope(
    c,
    await db.transaction((tx) => addAddress(tx, config, scope, userId, email, now())),
  );
});

// DELETE /v1/alerts/recipients/:id – {success}
alertRoutes.delete("/alerts/recipients/:id", requireCustomer, async (c) =>
  envelope(c, await removeRecipient(c.var.app.db, accountScope(c), c.req.param("id"))),
);

// PUT /v1/alerts/events/:id/dismiss – {success}: the bearer's banner for it goes
alertRoutes.put("/alerts/events/:id/dismiss", requireCustomer, async (c) =>
  envelope(c, await dismissEvent(c.var.app.db, accountScope(c), c.var.user.id, c.req.param("id"))),
);
