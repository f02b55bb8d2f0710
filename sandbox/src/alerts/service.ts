/**
 * Alerts a customer sets (docs/CONTRACT.md §7.4, sandbox/README.md "Alerts"): thresholds,
 * recipients and their confirmation, the history, and the evaluation that fires them. Calls act on
 * the bearer's selected customer; another customer's threshold or recipient is not found.
 */
import { MAX_ALERT_ADDRESSES, MAX_ALERT_THRESHOLDS } from "@billing-portal/contract/wire/alerts";
import type {
  AlertBasis,
  AlertEventDto,
  AlertRecipientDto,
  AlertSettingsDto,
  AlertThresholdDto,
} from "@billing-portal/contract/wire/alerts";
import type { AccountScope } from "../account/scope";
import type { SandboxConfig } from "../config";
import { hashToken, newToken } from "../crypto";
import type { Queryable } from "../db";
import { ApiError, notFound } from "../http";
import { findCompanyById, portalOrigin } from "../store/companies";
import { sendMail } from "../store/mail";
import { customerEstimate } from "../subscriptions/period-service";

/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 7 * 24 * 3600 * 1000;

const refuse = (message: string) => new ApiError(400, "invalid_request", message);
const money = (amount: number, currency: string) => `${currency} ${amount.toFixed(2)}`;
const BASIS_TEXT: Record<AlertBasis, string> = {
  projected_total: "projected total",
  cost_so_far: "cost so far",
};

async function nextId(q: Queryable, prefix: string): Promise<string> {
  const [row] = await q.query<{ n: string }>("SELECT nextval('alert_seq')::text AS n");
  // Zero-padded: ids sort in the order they were made.
  return `${prefix}-${(row?.n ?? "0").padStart(6, "0")}`;
}

/** The customer's alert currency: that of its period totals, else of most of its invoices. */
async function customerCurrency(q: Queryable, customerId: string): Promise<string> {
  const [row] = await q.query<{ currency: string }>(
    `SELECT currency FROM (
       SELECT currency, count(*) AS n FROM subscriptions
        WHERE customer_id = $1 AND status = 'active' GROUP BY currency
       UNION ALL
       SELECT currency, 0 FROM invoices WHERE customer_id = $1
     ) c ORDER BY n DESC, currency LIMIT 1`,
    [customerId],
  );
  return row?.currency ?? "USD";
}

type ThresholdRow = {
  id: string;
  basis: AlertBasis;
  amount: string;
  currency: string;
  created_at: Date;
};
type RecipientRow = {
  id: string;
  email: string;
  user_id: string | null;
  token_expires_at: Date | null;
  confirmed_at: Date | null;
};
type EventRow = {
  id: string;
  threshold_id: string | null;
  basis: AlertBasis;
  amount: string;
  currency: string;
  value: string;
  period_end: string;
  fired_at: Date;
  dismissed: boolean;
};

const thresholdDto = (r: ThresholdRow): AlertThresholdDto => ({
  id: r.id,
  basis: r.basis,
  amount: Number(r.amount),
  currency: r.currency,
  created_at: new Date(r.created_at).toISOString(),
});

function recipientDto(r: RecipientRow, userId: string, now: number): AlertRecipientDto {
  const status =
    r.confirmed_at !== null
      ? "confirmed"
      : r.token_expires_at && new Date(r.token_expires_at).getTime() < now
        ? "expired"
        : "pending";
  return {
    id: r.id,
    email: r.email,
    kind: r.user_id === null ? "address" : "user",
    status,
    is_me: r.user_id === userId,
  };
}

export async function alertSettings(
  q: Queryable,
  scope: AccountScope,
  userId: string,
  now: number,
): Promise<AlertSettingsDto> {
  const thresholds = await q.query<ThresholdRow>(
    `SELECT id, basis, amount::text AS amount, currency, created_at FROM alert_thresholds
      WHERE customer_id = $1 ORDER BY basis, amount`,
    [scope.customerId],
  );
  const recipients = await q.query<RecipientRow>(
    `SELECT id, email, user_id, token_expires_at, confirmed_at FROM alert_recipients
      WHERE customer_id = $1 ORDER BY user_id IS NULL, created_at, id`,
    [scope.customerId],
  );
  const events = await q.query<EventRow>(
    `SELECT e.id, e.threshold_id, e.basis, e.amount::text AS amount, e.currency,
            e.value::text AS value, e.period_end::text AS period_end, e.fired_at,
            (d.user_id IS NOT NULL) AS dismissed
       FROM alert_events e
       LEFT JOIN alert_dismissals d ON d.event_id = e.id AND d.user_id = $2
      WHERE e.customer_id = $1 ORDER BY e.fired_at DESC, e.id DESC LIMIT 50`,
    [scope.customerId, userId],
  );
  return {
    currency: await customerCurrency(q, scope.customerId),
    thresholds: thresholds.map(thresholdDto),
    recipients: recipients.map((r) => recipientDto(r, userId, now)),
    events: events.map((e): AlertEventDto => ({
      id: e.id,
      threshold_id: e.threshold_id,
      basis: e.basis,
      amount: Number(e.amount),
      currency: e.currency,
      value: Number(e.value),
      period_end: e.period_end,
      fired_at: new Date(e.fired_at).toISOString(),
      dismissed: e.dismissed,
    })),
  };
}

export async function addThreshold(
  q: Queryable,
  scope: AccountScope,
  body: { basis: AlertBasis; amount: number },
  now: number,
): Promise<{ threshold: AlertThresholdDto }> {
  // One writer at a time per customer: the count and the insert agree.
  await q.query("SELECT 1 FROM customers WHERE id = $1 FOR UPDATE", [scope.customerId]);
  const existing = await q.query<{ basis: string; amount: string }>(
    "SELECT basis, amount::text AS amount FROM alert_thresholds WHERE customer_id = $1",
    [scope.customerId],
  );
  if (existing.some((t) => t.basis === body.basis && Number(t.amount) === body.amount))
    throw refuse("There is already a threshold of this amount on this figure.");
  if (existing.length >= MAX_ALERT_THRESHOLDS)
    throw refuse(`At most ${MAX_ALERT_THRESHOLDS} thresholds can be set.`);
  const id = await nextId(q, "ALT");
  const currency = await customerCurrency(q, scope.customerId);
  const [row] = await q.query<ThresholdRow>(
    `INSERT INTO alert_thresholds (id, customer_id, basis, amount, currency, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id, basis, amount::text AS amount, currency, created_at`,
    [id, scope.customerId, body.basis, body.amount.toFixed(2), currency, new Date(now)],
  );
  return { threshold: thresholdDto(row!) };
}

export async function removeThreshold(q: Queryable, scope: AccountScope, id: string) {
  const rows = await q.query(
    "DELETE FROM alert_thresholds WHERE id = $1 AND customer_id = $2 RETURNING id",
    [id, scope.customerId],
  );
  if (rows.length === 0) throw notFound("Threshold not found");
  return { success: true as const };
}

export async function setMine(
  q: Queryable,
  scope: AccountScope,
  user: { id: string; email: string },
  subscribed: boolean,
  now: number,
): Promise<{ recipient: AlertRecipientDto | null }> {
  await q.query("DELETE FROM alert_recipients WHERE customer_id = $1 AND user_id = $2", [
    scope.customerId,
    user.id,
  ]);
  if (!subscribed) return { recipient: null };
  // The user's own address replaces an address entry of the same e-mail.
  await q.query(
    "DELETE FROM alert_recipients WHERE customer_id = $1 AND lower(email) = lower($2)",
    [scope.customerId, user.email],
  );
  const id = await nextId(q, "ARC");
  const [row] = await q.query<RecipientRow>(
    `INSERT INTO alert_recipients (id, customer_id, email, user_id, confirmed_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $5)
     RETURNING id, email, user_id, token_expires_at, confirmed_at`,
    [id, scope.customerId, user.email, user.id, new Date(now)],
  );
  return { recipient: recipientDto(row!, user.id, now) };
}

export async function addAddress(
  q: Queryable,
  config: SandboxConfig,
  scope: AccountScope,
  userId: string,
  email: string,
  now: number,
): Promise<{ recipient: AlertRecipientDto }> {
  await q.query("SELECT 1 FROM customers WHERE id = $1 FOR UPDATE", [scope.customerId]);
  const existing = await q.query<{ email: string; user_id: string | null }>(
    "SELECT email, user_id FROM alert_recipients WHERE customer_id = $1",
    [scope.customerId],
  );
  if (existing.some((r) => r.email.toLowerCase() === email.toLowerCase()))
    throw refuse("This address already receives the alerts or has been asked to confirm.");
  if (existing.filter((r) => r.user_id === null).length >= MAX_ALERT_ADDRESSES)
    throw refuse(`At most ${MAX_ALERT_ADDRESSES} other addresses can receive the alerts.`);
  const company = await findCompanyById(q, scope.companyId);
  if (!company) throw notFound("Company not found");
  const id = await nextId(q, "ARC");
  const token = newToken();
  const [row] = await q.query<RecipientRow>(
    `INSERT INTO alert_recipients (id, customer_id, email, token_hash, token_expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id, email, user_id, token_expires_at, confirmed_at`,
    [id, scope.customerId, email, hashToken(token), new Date(now + CONFIRM_TTL_MS), new Date(now)],
  );
  const link = `${portalOrigin(config, company)}/portal/alerts/confirm/${token}`;
  await sendMail(q, now, {
    to: email,
    companyId: company.id,
    subject: `Confirm billing alerts from ${company.name}`,
    text:
      `Hello,\n\nSomeone asked that this address receive billing alerts from ${company.name}'s ` +
      `billing portal. Nothing is sent to it until you confirm (the link works once, for 7 days):\n\n` +
      `${link}\n\nIf this was not you, ignore this e-mail.\n`,
  });
  return { recipient: recipientDto(row!, userId, now) };
}

export async function removeRecipient(q: Queryable, scope: AccountScope, id: string) {
  const rows = await q.query(
    "DELETE FROM alert_recipients WHERE id = $1 AND customer_id = $2 RETURNING id",
    [id, scope.customerId],
  );
  if (rows.length === 0) throw notFound("Recipient not found");
  return { success: true as const };
}

export async function confirmAddress(
  q: Queryable,
  token: string,
  now: number,
): Promise<{ email: string; company_name: string }> {
  const [row] = await q.query<{
    id: string;
    email: string;
    confirmed_at: Date | null;
    token_expires_at: Date | null;
    company_name: string;
  }>(
    `SELECT r.id, r.email, r.confirmed_at, r.token_expires_at, co.name AS company_name
       FROM alert_recipients r JOIN customers c ON c.id = r.customer_id
       JOIN companies co ON co.id = c.company_id
      WHERE r.token_hash = $1 FOR UPDATE OF r`,
    [hashToken(token)],
  );
  if (!row) throw notFound("This confirmation link is not known.");
  if (row.confirmed_at !== null)
    throw new ApiError(400, "token_invalid", "This confirmation link has already been used.");
  if (!row.token_expires_at || new Date(row.token_expires_at).getTime() < now)
    throw new ApiError(
      400,
      "token_expired",
      "This confirmation link has expired: ask for a new one.",
    );
  await q.query("UPDATE alert_recipients SET confirmed_at = $2 WHERE id = $1", [
    row.id,
    new Date(now),
  ]);
  return { email: row.email, company_name: row.company_name };
}

export async function dismissEvent(q: Queryable, scope: AccountScope, userId: string, id: string) {
  const [event] = await q.query("SELECT 1 FROM alert_events WHERE id = $1 AND customer_id = $2", [
    id,
    scope.customerId,
  ]);
  if (!event) throw notFound("Alert not found");
  await q.query(
    "INSERT INTO alert_dismissals (event_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
    [id, userId],
  );
  return { success: true as const };
}

/**
 * Fires every threshold of the customer its period's figure has reached (value ≥ amount) and that
 * has not fired in this period: one event, one e-mail per confirmed recipient. The period is named
 * by the day its invoice is issued, so a new period re-arms every threshold. Runs where usage is
 * recorded and where a period rolls, never for the browser.
 */
export async function evaluateAlerts(
  q: Queryable,
  scope: AccountScope,
  today: string,
  now: number,
): Promise<string[]> {
  const thresholds = await q.query<ThresholdRow>(
    `SELECT id, basis, amount::text AS amount, currency, created_at FROM alert_thresholds
      WHERE customer_id = $1 ORDER BY amount, id FOR UPDATE`,
    [scope.customerId],
  );
  if (thresholds.length === 0) return [];
  const { totals } = await customerEstimate(q, scope, today);
  const company = await findCompanyById(q, scope.companyId);
  const recipients = await q.query<{ email: string }>(
    `SELECT email FROM alert_recipients WHERE customer_id = $1 AND confirmed_at IS NOT NULL
      ORDER BY created_at, id`,
    [scope.customerId],
  );
  const fired: string[] = [];
  for (const t of thresholds) {
    const total = totals.find((x) => x.currency === t.currency);
    if (!total?.next_invoice_date) continue;
    const value = t.basis === "projected_total" ? total.projected_total : total.cost_so_far;
    const amount = Number(t.amount);
    if (Math.round(value * 100) < Math.round(amount * 100)) continue;
    const id = await nextId(q, "AEV");
    const inserted = await q.query(
      `INSERT INTO alert_events (id, customer_id, threshold_id, basis, amount, currency, value,
                                 period_end, fired_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9)
       ON CONFLICT (threshold_id, period_end) DO NOTHING RETURNING id`,
      [
        id,
        scope.customerId,
        t.id,
        t.basis,
        t.amount,
        t.currency,
        value.toFixed(2),
        total.next_invoice_date,
        new Date(now),
      ],
    );
    if (inserted.length === 0) continue;
    fired.push(id);
    const what = BASIS_TEXT[t.basis];
    for (const r of recipients) {
      await sendMail(q, now, {
        to: r.email,
        companyId: scope.companyId,
        subject: `Billing alert: the ${what} reached ${money(amount, t.currency)}`,
        text:
          `Hello,\n\nThe ${what} of the billing period whose invoice is issued on ` +
          `${total.next_invoice_date} is ${money(value, t.currency)}: it reached the threshold of ` +
          `${money(amount, t.currency)} set in ${company?.name ?? "the"} billing portal.\n\n` +
          `This alert is sent once per billing period.\n`,
      });
    }
  }
  return fired;
}
