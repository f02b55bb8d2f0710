/**
 * POST /v1/payments (CONTRACT.md §7.5): one payment with a saved method, allocated oldest due
 * first, exactly once per Idempotency-Key; refusals and declines charge nothing and allocate
 * nothing; a company whose billing API takes no such payments answers 404 and says so in its
 * portal configuration.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer, cardToken } from "./support/account";
import { startHarness, type Harness } from "./support/harness";

type Allocation = { invoice_id: string; amount: number; balance_after: number };
type Payment = {
  id: string;
  status: string;
  amount: number;
  currency: string;
  payment_method: string;
  payment_method_id: string;
  allocations: Allocation[];
};
type Invoice = { id: string; due_date: string; balance: string; status: string; currency: string };

let h: Harness;
let ada: string;
beforeAll(async () => {
  h = await startHarness("payments");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  ada = await bearer(h, "ada@acme.test");
});

const newKey = () => randomBytes(12).toString("base64url");

function pay(token: string, body: unknown, key: string | null = newKey()) {
  return h.api<Payment>("POST", "/v1/payments", {
    token,
    body,
    headers: key === null ? {} : { "Idempotency-Key": key },
  });
}

/** The customer's invoices as the database holds them, oldest due first. */
async function invoicesOf(customerId: string, where = "TRUE"): Promise<Invoice[]> {
  return h.sandbox.db.query<Invoice>(
    `SELECT id, to_char(due_date, 'YYYY-MM-DD') AS due_date, balance::text AS balance, status,
            currency
       FROM invoices WHERE customer_id = $1 AND ${where} ORDER BY due_date, id`,
    [customerId],
  );
}
const openOf = (customerId: string) =>
  invoicesOf(customerId, "status IN ('Posted', 'Partially paid') AND balance > 0");

const cents = (x: string | number) => Math.round(Number(x) * 100);

/** What a refusal must leave alone: the payments and the invoices' balances. */
async function ledger(customerId: string) {
  const [payments] = await h.sandbox.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM payments WHERE customer_id = $1",
    [customerId],
  );
  const invoices = await invoicesOf(customerId);
  return { payments: payments?.n, balances: invoices.map((i) => [i.id, i.balance, i.status]) };
}

describe("POST /v1/payments", () => {
  it("pays the chosen invoices in full with the default card, and the lists follow", async () => {
    const open = await openOf("cus_acme_1001");
    expect(open.length).toBeGreaterThanOrEqual(3);
    const chosen = [open[2]!, open[0]!];
    const res = await pay(ada, {
      invoice_ids: chosen.map((i) => i.id),
      payment_method_id: "pm_seed_ada_visa",
    });
    expect(res.status).toBe(201);
    const payment = res.body.data;
    expect(payment).toMatchObject({
      status: "succeeded",
      payment_method: "Credit Card",
      payment_method_id: "pm_seed_ada_visa",
      currency: open[0]!.currency,
    });
    // Oldest due first, each to a zero balance.
    expect(payment.allocations).toEqual([
      { invoice_id: open[0]!.id, amount: Number(open[0]!.balance), balance_after: 0 },
      { invoice_id: open[2]!.id, amount: Number(open[2]!.balance), balance_after: 0 },
    ]);
    expect(cents(payment.amount)).toBe(cents(open[0]!.balance) + cents(open[2]!.balance));
    const after = await invoicesOf("cus_acme_1001", `id IN ('${open[0]!.id}', '${open[2]!.id}')`);
    expect(after.map((i) => [i.status, i.balance])).toEqual([
      ["Paid", "0.00"],
      ["Paid", "0.00"],
    ]);

    // The payments list carries it, applied to both invoices.
    const list = await h.api<{ payments: { payments: Record<string, unknown>[] } }>(
      "GET",
      `/v1/payments?page=1&size=5&filter_options[payments][0][payment_id]=${payment.id}`,
      { token: ada },
    );
    expect(list.status).toBe(200);
    const [row] = list.body.data.payments.payments;
    expect(row).toMatchObject({ id: payment.id, status: "succeeded" });
    expect([...(row?.invoice_ids as string[])].sort()).toEqual([open[0]!.id, open[2]!.id].sort());
  });

  it("applies an amount to the oldest open invoices first, the last one partly", async () => {
    const open = await openOf("cus_acme_1001");
    const amount = (cents(open[0]!.balance) + Math.floor(cents(open[1]!.balance) / 2)) / 100;
    const res = await pay(ada, { amount, payment_method_id: "pm_seed_ada_bank" });
    expect(res.status).toBe(201);
    const rest = cents(open[1]!.balance) - Math.floor(cents(open[1]!.balance) / 2);
    expect(res.body.data.payment_method).toBe("ACH");
    expect(res.body.data.allocations).toEqual([
      { invoice_id: open[0]!.id, amount: Number(open[0]!.balance), balance_after: 0 },
      {
        invoice_id: open[1]!.id,
        amount: Math.floor(cents(open[1]!.balance) / 2) / 100,
        balance_after: rest / 100,
      },
    ]);
    const [second] = await invoicesOf("cus_acme_1001", `id = '${open[1]!.id}'`);
    expect(second).toMatchObject({ status: "Partially paid", balance: (rest / 100).toFixed(2) });
  });

  it("makes one payment per Idempotency-Key: a retry, a lost answer, two at once", async () => {
    const [first] = await openOf("cus_acme_1001");
    const body = { invoice_ids: [first!.id], payment_method_id: "pm_seed_ada_visa" };
    const before = await ledger("cus_acme_1001");
    const key = newKey();
    const one = await pay(ada, body, key);
    const again = await pay(ada, body, key);
    expect(one.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(one.body.data.id);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await ledger("cus_acme_1001")).payments).toBe(before.payments! + 1);

    // The same key with another body is refused and changes nothing.
    const other = await pay(ada, { ...body, payment_method_id: "pm_seed_ada_bank" }, key);
    expect(other.status).toBe(409);
    expect(other.body.errorCode).toBe("idempotency_key_reused");

    // Two requests with one key at once: one payment, the same answer to both.
    const [, second] = await openOf("cus_acme_1001");
    const twice = { invoice_ids: [second!.id], payment_method_id: "pm_seed_ada_visa" };
    const shared = newKey();
    const [a, b] = await Promise.all([pay(ada, twice, shared), pay(ada, twice, shared)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect((await ledger("cus_acme_1001")).payments).toBe(before.payments! + 2);

    // The answer is lost on its way back: the retry with the key gets the payment made.
    const [, , third] = await openOf("cus_acme_1001");
    const lost = { invoice_ids: [third!.id], payment_method_id: "pm_seed_ada_visa" };
    const lostKey = newKey();
    const fault = await h.request("POST", "/__sandbox/faults", {
      body: { method: "POST", path: "/v1/payments", lose: true },
    });
    expect(fault.status).toBe(200);
    await expect(pay(ada, lost, lostKey)).rejects.toThrow();
    const retried = await pay(ada, lost, lostKey);
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(retried.body.data.allocations.map((a) => a.invoice_id)).toEqual([third!.id]);
    expect((await ledger("cus_acme_1001")).payments).toBe(before.payments! + 3);

    // Another key is another payment attempt: the invoice is paid now, so it is refused.
    const fresh = await pay(ada, twice);
    expect(fresh.status).toBe(400);
    expect(fresh.body.errorCode).toBe("invoice_not_open");
  });

  it("refuses what it cannot do, charging and allocating nothing", async () => {
    const open = await openOf("cus_acme_1001");
    const card = { payment_method_id: "pm_seed_ada_visa" };
    const before = await ledger("cus_acme_1001");
    const [paid] = await invoicesOf("cus_acme_1001", "status = 'Paid'");
    const [gina] = await invoicesOf("cus_globex_2001");
    const balance = open.reduce((sum, i) => sum + cents(i.balance), 0);
    const cases: [unknown, number, string][] = [
      [{ ...card, amount: 0 }, 422, "validation"],
      [{ ...card, amount: -5 }, 422, "validation"],
      [{ ...card, amount: 1.234 }, 422, "validation"],
      [{ ...card, invoice_ids: [] }, 422, "validation"],
      [{ ...card, amount: (balance + 1) / 100 }, 400, "amount_above_balance"],
      [{ ...card, invoice_ids: [open[0]!.id], amount: 4.99 }, 400, "amount_below_minimum"],
      [{ ...card, invoice_ids: [paid!.id] }, 400, "invoice_not_open"],
      [{ ...card, invoice_ids: [open[0]!.id, gina!.id] }, 404, "not_found"],
      [{ payment_method_id: "pm_seed_ada_pending" }, 400, "payment_method_unusable"],
      [{ payment_method_id: "pm_nobody" }, 404, "not_found"],
    ];
    for (const [body, status, errorCode] of cases) {
      const res = await pay(ada, body);
      expect({ body, status: res.status, errorCode: res.body.errorCode }).toEqual({
        body,
        status,
        errorCode,
      });
    }
    const missingKey = await pay(ada, card, null);
    expect(missingKey.status).toBe(422);
    expect(missingKey.body.error).toMatch(/Idempotency-Key/);

    // A void invoice, and invoices in two currencies.
    await h.sandbox.db.query(`UPDATE invoices SET status = 'Void' WHERE id = $1`, [open[0]!.id]);
    const voided = await pay(ada, { ...card, invoice_ids: [open[0]!.id] });
    expect([voided.status, voided.body.errorCode]).toEqual([400, "invoice_not_open"]);
    expect(voided.body.error).toMatch(/void/);
    await h.sandbox.db.query(`UPDATE invoices SET currency = 'EUR' WHERE id = $1`, [open[1]!.id]);
    const mixed = await pay(ada, { ...card, invoice_ids: [open[1]!.id, open[2]!.id] });
    expect([mixed.status, mixed.body.errorCode]).toEqual([400, "mixed_currencies"]);
    await h.sandbox.db.query(`UPDATE invoices SET status = $2 WHERE id = $1`, [
      open[0]!.id,
      open[0]!.status,
    ]);
    await h.sandbox.db.query(`UPDATE invoices SET currency = $2 WHERE id = $1`, [
      open[1]!.id,
      open[1]!.currency,
    ]);
    expect(await ledger("cus_acme_1001")).toEqual(before);
  });

  it("takes only the whole balance where the company allows no partial payments", async () => {
    const gina = await bearer(h, "gina@globex.test");
    const methods = await h.api<{ paymentMethods: { id: string; status: string }[] }>(
      "GET",
      "/v1/paymentMethods",
      { token: gina },
    );
    const method = methods.body.data.paymentMethods.find((m) => m.status === "verified");
    const [first] = await openOf("cus_globex_2001");
    const part = await pay(gina, {
      invoice_ids: [first!.id],
      amount: Math.floor(cents(first!.balance) / 2) / 100,
      payment_method_id: method!.id,
    });
    expect([part.status, part.body.errorCode]).toEqual([400, "partial_payments_disabled"]);
    const whole = await pay(gina, { invoice_ids: [first!.id], payment_method_id: method!.id });
    expect(whole.status).toBe(201);
    expect(whole.body.data.amount).toBe(Number(first!.balance));
  });

  it("shows a decline with the provider's reason, allocates nothing, and replays it", async () => {
    const before = await ledger("cus_acme_1001");
    const save = async (token: string) => {
      const res = await h.api<{ id: string }>("POST", "/v1/paymentMethods", {
        token: ada,
        body: {
          payment_method_id: token,
          paymentMethod: "CC",
          payment_type: "Credit Card",
          default: false,
          type: "visa",
          customer_id: "cus_acme_1001",
          gateway_name: "stripe",
          token,
        },
      });
      expect(res.status).toBe(200);
      return res.body.data.id;
    };
    // Stripe's card that is saved without a fault and declined when charged…
    const declining = await save(cardToken(h, "stripe", "4000000000000341"));
    const key = newKey();
    const declined = await pay(ada, { payment_method_id: declining }, key);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({
      errorCode: "card_declined",
      error: "Your card was declined.",
    });
    const replayed = await pay(ada, { payment_method_id: declining }, key);
    expect([replayed.status, replayed.body.errorCode]).toEqual([402, "card_declined"]);
    // …and its fixed test method that lacks the funds.
    const poor = await save("pm_card_chargeDeclinedInsufficientFunds");
    const insufficient = await pay(ada, { payment_method_id: poor });
    expect(insufficient.status).toBe(402);
    expect(insufficient.body).toMatchObject({
      errorCode: "insufficient_funds",
      error: "Your card has insufficient funds.",
    });
    expect(await ledger("cus_acme_1001")).toEqual(before);
  });

  it("is a 404 where the company's billing API takes no such payments", async () => {
    const config = async () =>
      (
        await h.api<{ payments?: { partialAllowed: boolean; partialMinimum: number | null } }>(
          "GET",
          "/v1/portalConfiguration?host=localhost",
        )
      ).body.data;
    expect((await config()).payments).toEqual({ partialAllowed: true, partialMinimum: 5 });
    await h.sandbox.db.query("UPDATE companies SET takes_payments = false WHERE id = 'acme'");
    expect((await config()).payments).toBeUndefined();
    const res = await pay(ada, { payment_method_id: "pm_seed_ada_visa" });
    expect(res.status).toBe(404);
  });
});
