/**
 * A few past entries of the activity log (sandbox/README.md "Activity"), so the log is not empty
 * on a fresh sandbox: Ada's account (CUST-1001) by Ada and by Acme's back office, and a password
 * change of multi@acme.test on each of their three customers. Dated relative to `now`; ids and
 * amounts read from the seeded rows, so each entry names what the seed holds.
 */
import { companyActor, recordActivity, recordUserActivity, type Actor } from "../activity/record";
import type { Queryable } from "../db";

const DAY = 86_400_000;

type SeedUser = { id: string; email: string };

/** `ada` acts for CUST-1001; `multi` is linked to several customers. */
export async function seedActivity(
  q: Queryable,
  now: number,
  { ada, multi }: { ada: SeedUser; multi: SeedUser },
): Promise<void> {
  const adaActor: Actor = { kind: "user", userId: ada.id, email: ada.email };
  const ago = (days: number, hours = 0) => now - days * DAY - hours * 3_600_000;
  const account = { companyId: "acme", customerId: "cus_acme_1001" };

  await recordActivity(q, account, {
    kind: "auto_pay.changed",
    actor: adaActor,
    subjectId: null,
    // Ends where the seed is: auto-pay off.
    details: { before: { auto_pay: true }, after: { auto_pay: false } },
    at: ago(60, 3),
  });
  await recordActivity(q, account, {
    kind: "contact.changed",
    actor: companyActor,
    subjectId: null,
    details: {
      fields: ["phone"],
      before: { phone: "+1 617 555 0100" },
      after: { phone: "+1 617 555 0101" },
    },
    at: ago(45, 5),
  });

  const [cancelled] = await q.query<{ name: string; cancellation_date: string | null }>(
    `SELECT name, cancellation_date::text AS cancellation_date FROM subscriptions
      WHERE id = 'SUB-1001-03'`,
  );
  if (cancelled?.cancellation_date) {
    await recordActivity(q, account, {
      kind: "subscription.cancelled",
      actor: adaActor,
      subjectId: "SUB-1001-03",
      details: {
        subscription_name: cancelled.name,
        cancellation_type: "specific_date",
        effective_date: cancelled.cancellation_date,
        reason_code: "not_using_enough",
      },
      at: ago(100, 2),
    });
  }

  const [meters] = await q.query<{ id: string; name: string; quantity: number; sub: string }>(
    `SELECT sc.id, pc.name, sc.quantity, s.name AS sub
       FROM subscription_charges sc
       JOIN subscription_plans sp ON sp.id = sc.subscription_plan_id
       JOIN subscriptions s ON s.id = sp.subscription_id
       JOIN plan_charges pc ON pc.id = sc.charge_id
      WHERE s.id = 'SUB-1001-01' AND pc.name = 'Smart Meter Rental'`,
  );
  if (meters && meters.quantity > 1) {
    await recordActivity(q, account, {
      kind: "subscription.quantity_changed",
      actor: adaActor,
      subjectId: "SUB-1001-01",
      details: {
        subscription_name: meters.sub,
        charge: { id: meters.id, name: meters.name },
        before: { quantity: meters.quantity - 1 },
        after: { quantity: meters.quantity },
      },
      at: ago(20, 1),
    });
  }

  const [payment] = await q.query<{
    id: string;
    amount: string;
    currency: string;
    method: string;
    invoices: string[];
  }>(
    `SELECT p.id, p.payment_amount::text AS amount, p.currency, p.payment_method AS method,
            array_agg(pa.invoice_id ORDER BY pa.position) AS invoices
       FROM payments p JOIN payment_applications pa ON pa.payment_id = p.id
      WHERE p.customer_id = 'cus_acme_1001' AND p.status = 'succeeded'
      GROUP BY p.id ORDER BY p.payment_date DESC, p.id LIMIT 1`,
  );
  if (payment) {
    await recordActivity(q, account, {
      kind: "payment.made",
      actor: adaActor,
      subjectId: payment.id,
      details: {
        amount: Number(payment.amount),
        currency: payment.currency,
        payment_method: payment.method,
        last4: null,
        invoice_ids: payment.invoices,
      },
      at: ago(9, 4),
    });
  }

  await recordActivity(q, account, {
    kind: "payment_method.default_set",
    actor: adaActor,
    subjectId: "pm_seed_ada_visa",
    details: {
      before: {
        id: "pm_seed_ada_bank",
        type: "STRIPE TEST BANK",
        method_kind: "bank",
        last4: "6789",
      },
      after: { id: "pm_seed_ada_visa", type: "visa", method_kind: "card", last4: "4242" },
    },
    at: ago(3, 2),
  });

  await recordUserActivity(q, multi.id, {
    kind: "password.changed",
    actor: { kind: "user", userId: multi.id, email: multi.email },
    subjectId: null,
    details: { via: "change" },
    at: ago(12, 6),
  });
}
