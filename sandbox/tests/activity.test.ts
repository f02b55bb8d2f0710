/**
 * The activity log (issue 34 §3; sandbox/README.md "Activity", docs/CONTRACT.md §1 "Activity"):
 * each change the log names writes exactly one entry, with its actor and before → after, in the
 * change's transaction (a refused or rolled-back change writes none); the log is read newest first,
 * paged and filtered on the server, only by a user linked to the customer.
 */
import type { ActivityPageDto } from "@billing-portal/contract/wire/activity";
import { TOTP, Secret } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { updateAutoPay } from "../src/account/auto-pay";
import { HCAPTCHA_TEST_RESPONSE } from "../src/captcha";
import { userActor } from "../src/activity/record";
import { OPEN_INVOICE_STATUSES } from "../src/lists/rows";
import { SEED_PASSWORD } from "../src/seed";
import { bearer, cardToken } from "./support/account";
import { download, formAction, formValue } from "./support/documents";
import { startHarness, type Harness } from "./support/harness";

type Row = {
  id: string;
  customer_id: string;
  kind: string;
  actor_kind: string;
  actor_email: string | null;
  actor_user_id: string | null;
  subject_id: string | null;
  details: Record<string, unknown>;
};

const ADA = "cus_acme_1001";
const ADA_ID = "00000000-0000-4000-8000-000000000001";

let h: Harness;
let ada: string;
beforeAll(async () => {
  h = await startHarness("activity");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  ada = await bearer(h, "ada@acme.test");
});

/** The last entry's id: what a change writes comes after it. */
async function mark(): Promise<number> {
  const [row] = await h.sandbox.db.query<{ n: string | number | null }>(
    "SELECT max(id) AS n FROM customer_activity",
  );
  return Number(row?.n ?? 0);
}

/** The entries written since `after`, oldest first. */
function since(after: number, customerId = ADA): Promise<Row[]> {
  return h.sandbox.db.query<Row>(
    `SELECT id::text AS id, customer_id, kind, actor_kind, actor_email, actor_user_id, subject_id,
            details
       FROM customer_activity WHERE id > $1 AND customer_id = $2 ORDER BY id`,
    [after, customerId],
  );
}

/** Runs a change that must succeed and answers the entries it wrote. */
async function written(change: () => Promise<{ status: number; text: string }>, ok = 200) {
  const before = await mark();
  const res = await change();
  expect(res.status, res.text).toBe(ok);
  return since(before);
}

/** Runs a change that must be refused and checks it wrote nothing, on any customer. */
async function refusedWithout(
  change: () => Promise<{ status: number; text: string }>,
  status: number,
) {
  const before = await mark();
  const res = await change();
  expect(res.status, res.text).toBe(status);
  expect(await mark()).toBe(before);
}

const call = (method: string, path: string, body?: unknown, token = ada) =>
  h.api(method, path, { token, ...(body !== undefined && { body }) });

const log = (customer: string, query = "", token = ada) =>
  h.api<ActivityPageDto>("GET", `/v1/customers/${customer}/activity${query}`, { token });

const byAda = { actor_kind: "user", actor_email: "ada@acme.test", actor_user_id: ADA_ID };

describe("GET /v1/customers/{customerId}/activity", () => {
  it("answers the seeded entries newest first, with actors and typed details", async () => {
    const res = await log(ADA);
    expect(res.status, res.text).toBe(200);
    const page = res.body.data;
    expect(page).toMatchObject({ page: 1, page_size: 25 });
    expect(page.total).toBe(page.items.length);
    expect(page.items.length).toBeGreaterThanOrEqual(5);
    const times = page.items.map((i) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.items[0]).toMatchObject({
      kind: "payment_method.default_set",
      subject_id: "pm_seed_ada_visa",
      actor: { kind: "user", email: "ada@acme.test", name: null },
      details: { after: { id: "pm_seed_ada_visa", last4: "4242" } },
    });
    expect(page.items.find((i) => i.kind === "contact.changed")?.actor).toEqual({
      kind: "company",
      email: null,
      name: "Acme Water",
    });
  });

  it("names the customer by id or account number; pages carry the total", async () => {
    const all = (await log("CUST-1001", "?page_size=100")).body.data;
    const first = await log(ADA, "?page_size=2");
    const second = await log(ADA, "?page_size=2&page=2");
    expect(first.body.data).toMatchObject({ page: 1, page_size: 2, total: all.total });
    expect(second.body.data).toMatchObject({ page: 2, page_size: 2, total: all.total });
    expect([...first.body.data.items, ...second.body.data.items].map((i) => i.id)).toEqual(
      all.items.slice(0, 4).map((i) => i.id),
    );
    const beyond = await log(ADA, "?page=50");
    expect(beyond.body.data).toMatchObject({ items: [], total: all.total });
  });

  it("filters by kind (repeated) and by day or instant", async () => {
    const one = (await log(ADA, "?kind=auto_pay.changed")).body.data;
    expect(one.total).toBe(1);
    expect(one.items.map((i) => i.kind)).toEqual(["auto_pay.changed"]);
    const two = (await log(ADA, "?kind=auto_pay.changed&kind=payment.made")).body.data;
    expect(new Set(two.items.map((i) => i.kind))).toEqual(
      new Set(["auto_pay.changed", "payment.made"]),
    );
    expect(two.total).toBe(2);

    const all = (await log(ADA, "?page_size=100")).body.data.items;
    const cut = all[2]!.at;
    const recent = (await log(ADA, `?from=${encodeURIComponent(cut)}`)).body.data;
    expect(recent.items.map((i) => i.id)).toEqual(all.slice(0, 3).map((i) => i.id));
    const older = (await log(ADA, `?to=${encodeURIComponent(cut)}`)).body.data;
    expect(older.items.map((i) => i.id)).toEqual(all.slice(2).map((i) => i.id));
    const day = all[0]!.at.slice(0, 10);
    const thatDay = (await log(ADA, `?from=${day}&to=${day}`)).body.data;
    expect(thatDay.items.every((i) => i.at.startsWith(day))).toBe(true);
    expect(thatDay.total).toBeGreaterThan(0);
  });

  it("refuses an unknown kind, a page size over 100 and bounds the wrong way round (422)", async () => {
    expect((await log(ADA, "?kind=payment.refunded")).status).toBe(422);
    expect((await log(ADA, "?page_size=101")).status).toBe(422);
    expect((await log(ADA, "?page=0")).status).toBe(422);
    expect((await log(ADA, "?from=2030-02-01&to=2030-01-01")).status).toBe(422);
    expect((await log(ADA, "?from=yesterday")).status).toBe(422);
    expect((await log(ADA, "?page_size=100")).status).toBe(200);
  });

  it("is 404 for another company's customer, one not linked to the user and an unknown one", async () => {
    for (const customer of ["cus_globex_2001", "CUST-2001", "cus_acme_1002", "CUST-1002", "nope"]) {
      const res = await log(customer);
      expect(res.status, customer).toBe(404);
      expect(res.body.errorCode).toBe("not_found");
    }
    const gina = await bearer(h, "gina@globex.test");
    expect((await log(ADA, "", gina)).status).toBe(404);
    // Globex's CUST-1001 does not exist; Gina's own number names her customer only.
    expect((await log("CUST-2001", "", gina)).status).toBe(200);
  });

  it("answers any customer the user is linked to, not only the selected one", async () => {
    const multi = await bearer(h, "multi@acme.test");
    const res = await log("cus_acme_1003", "", multi);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.items.map((i) => i.kind)).toEqual(["password.changed"]);
  });

  it("is 401 without a bearer", async () => {
    expect((await h.api("GET", `/v1/customers/${ADA}/activity`)).status).toBe(401);
  });
});

describe("payment methods", () => {
  it("an added card: one entry, its brand and last four, default", async () => {
    const pm = cardToken(h, "stripe", "5555555555554444", [7, 2035]);
    const rows = await written(() =>
      call("POST", "/v1/paymentMethods", {
        payment_method_id: pm,
        paymentMethod: "CC",
        payment_type: "Credit Card",
        default: true,
        type: "mastercard",
        gateway_name: "stripe",
      }),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "payment_method.added",
      ...byAda,
      details: {
        method: { type: "mastercard", method_kind: "card", last4: "4444" },
        default: true,
      },
    });
    expect(rows[0]!.subject_id).toMatch(/^pm_/);
    expect(JSON.stringify(rows[0])).not.toContain("5555555555554444");
  });

  it("added on the hosted page: by whoever holds the link; a refused card writes none", async () => {
    const link = await call("GET", "/v1/paymentMethods/getAddPaymentMethodFormUrl");
    const url = new URL((link.body.data as { formUrl: string }).formUrl);
    const path = `${url.pathname}${url.search}`;
    const submit = (card_number: string) =>
      h.request("POST", path, {
        rawBody: new URLSearchParams({
          card_number,
          holder_name: "Ada Lovelace",
          expiry: "09/34",
        }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    await refusedWithout(() => submit("6011111111111117"), 400);
    const rows = await written(() => submit("5555 5555 5555 4444"));
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "payment_method.added",
        actor_kind: "user",
        actor_email: null,
        actor_user_id: null,
        details: {
          method: expect.objectContaining({ type: "mastercard", last4: "4444" }),
          default: false,
        },
      }),
    ]);
  });

  it("made default: before → after; already the default: nothing", async () => {
    const rows = await written(() =>
      call("PUT", "/v1/paymentMethods/pm_seed_ada_bank/setDefault", {}),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "payment_method.default_set",
        subject_id: "pm_seed_ada_bank",
        details: {
          before: { id: "pm_seed_ada_visa", type: "visa", method_kind: "card", last4: "4242" },
          after: {
            id: "pm_seed_ada_bank",
            type: "STRIPE TEST BANK",
            method_kind: "bank",
            last4: "6789",
          },
        },
      }),
    ]);
    expect(
      await written(() => call("PUT", "/v1/paymentMethods/pm_seed_ada_bank/setDefault", {})),
    ).toEqual([]);
  });

  it("removed: one entry saying whether it was the default; an unknown one writes none", async () => {
    const rows = await written(() => call("DELETE", "/v1/paymentMethods/pm_seed_ada_visa"));
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "payment_method.removed",
        ...byAda,
        subject_id: "pm_seed_ada_visa",
        details: {
          method: { id: "pm_seed_ada_visa", type: "visa", method_kind: "card", last4: "4242" },
          was_default: true,
        },
      }),
    ]);
    await refusedWithout(() => call("DELETE", "/v1/paymentMethods/pm_nope"), 404);
  });
});

describe("auto-pay and contact details", () => {
  it("auto-pay: before → after when it changes, nothing when it does not", async () => {
    const rows = await written(() =>
      call("POST", "/v1/customers/updateAutoPay", { auto_pay: true }),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "auto_pay.changed",
        ...byAda,
        subject_id: null,
        details: { before: { auto_pay: false }, after: { auto_pay: true } },
      }),
    ]);
    expect(
      await written(() => call("POST", "/v1/customers/updateAutoPay", { auto_pay: true })),
    ).toEqual([]);
  });

  it("auto-pay a customer may not change (403) writes nothing", async () => {
    const multi = await bearer(h, "multi@acme.test");
    await call("POST", "/v1/user/portalUserCustomer", { customer_id: "cus_acme_1003" }, multi);
    await refusedWithout(
      () => call("POST", "/v1/customers/updateAutoPay", { auto_pay: false }, multi),
      403,
    );
  });

  it("an entry written in a transaction that then fails is rolled back with the change", async () => {
    const before = await mark();
    const scope = {
      companyId: "acme",
      customerId: ADA,
      actor: userActor({ id: ADA_ID, email: "ada@acme.test" }),
    };
    await expect(
      h.sandbox.db.transaction(async (tx) => {
        await updateAutoPay(tx, scope, { auto_pay: true }, h.now());
        // Only the transaction's own handle inside it (PGlite has one connection).
        const inside = await tx.query("SELECT 1 FROM customer_activity WHERE id > $1", [before]);
        expect(inside).toHaveLength(1);
        throw new Error("the change fails after its entry");
      }),
    ).rejects.toThrow("the change fails after its entry");
    expect(await mark()).toBe(before);
  });

  it("contact details: the changed fields only, before → after", async () => {
    const current = (await call("GET", "/v1/user/me/contactDetails")).body.data as Record<
      string,
      unknown
    >;
    const rows = await written(() =>
      call("PUT", "/v1/user/me/contactDetails", {
        ...current,
        phone: "+1 617 555 0142",
        city: "Boston",
      }),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "contact.changed",
        ...byAda,
        details: {
          fields: ["city", "phone"],
          before: { city: "Cambridge", phone: "+1 617 555 0101" },
          after: { city: "Boston", phone: "+1 617 555 0142" },
        },
      }),
    ]);
    expect(
      await written(() =>
        call("PUT", "/v1/user/me/contactDetails", {
          ...current,
          phone: "+1 617 555 0142",
          city: "Boston",
        }),
      ),
    ).toEqual([]);
    await refusedWithout(
      () => call("PUT", "/v1/user/me/contactDetails", { ...current, email: "not an address" }),
      422,
    );
  });
});

describe("password and second factor (per user: on every linked customer)", () => {
  const NEW_PASSWORD = "Fresh!Start9";

  it("a password change records how, never a value; a wrong current password writes none", async () => {
    await refusedWithout(
      () =>
        call("POST", "/v1/user/me/changePassword", {
          currentPassword: "Wrong!Pass1",
          password: NEW_PASSWORD,
          passwordConfirmation: NEW_PASSWORD,
        }),
      400,
    );
    const rows = await written(() =>
      call("POST", "/v1/user/me/changePassword", {
        currentPassword: SEED_PASSWORD,
        password: NEW_PASSWORD,
        passwordConfirmation: NEW_PASSWORD,
      }),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "password.changed",
        ...byAda,
        subject_id: null,
        details: { via: "change" },
      }),
    ]);
    const stored = JSON.stringify(await h.sandbox.db.query("SELECT * FROM customer_activity"));
    expect(stored).not.toContain(NEW_PASSWORD);
    expect(stored).not.toContain(SEED_PASSWORD);
    expect(stored).not.toContain("scrypt");
  });

  it("a password reset from the e-mailed link: via reset, by the user", async () => {
    const forgot = await h.api("POST", "/v1/auth/forgot-password", {
      body: { email: "ada@acme.test", companyId: "acme", captchaToken: HCAPTCHA_TEST_RESPONSE },
    });
    expect(forgot.status, forgot.text).toBe(200);
    const link = (await h.mailbox("ada@acme.test")).at(-1)?.links[0] ?? "";
    const tokenId = link.split("/").at(-1) ?? "";
    const body = { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD, companyId: "acme" };
    await refusedWithout(
      () =>
        h.api("POST", "/v1/auth/reset-password", { body: { ...body, tokenId: "x".repeat(43) } }),
      400,
    );
    const rows = await written(() =>
      h.api("POST", "/v1/auth/reset-password", { body: { ...body, tokenId } }),
    );
    expect(rows).toEqual([
      expect.objectContaining({ kind: "password.changed", ...byAda, details: { via: "reset" } }),
    ]);
  });

  it("a user linked to three customers: one entry on each", async () => {
    const multi = await bearer(h, "multi@acme.test");
    const before = await mark();
    const res = await call(
      "POST",
      "/v1/user/me/changePassword",
      {
        currentPassword: SEED_PASSWORD,
        password: NEW_PASSWORD,
        passwordConfirmation: NEW_PASSWORD,
      },
      multi,
    );
    expect(res.status, res.text).toBe(200);
    for (const customer of ["cus_acme_1002", "cus_acme_1003", "cus_acme_1004"]) {
      expect((await since(before, customer)).map((r) => [r.kind, r.actor_email])).toEqual([
        ["password.changed", "multi@acme.test"],
      ]);
    }
    expect(await since(before, ADA)).toEqual([]);
  });

  it("a factor added when confirmed, recovery codes renewed, the factor removed", async () => {
    const code = (secret: string) =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
        timestamp: h.now(),
      });
    const enrolled = await written(() =>
      call("POST", "/v1/user/me/factors/totp", { name: "Phone" }),
    );
    expect(enrolled).toEqual([]);
    const [started] = await h.sandbox.db.query<{ id: string; totp_secret: string }>(
      "SELECT id, totp_secret FROM user_factors WHERE user_id = $1",
      [ADA_ID],
    );
    await refusedWithout(
      () => call("POST", `/v1/user/me/factors/${started!.id}/confirm`, { code: "000000" }),
      400,
    );
    const added = await written(() =>
      call("POST", `/v1/user/me/factors/${started!.id}/confirm`, {
        code: code(started!.totp_secret),
      }),
    );
    expect(added).toEqual([
      expect.objectContaining({
        kind: "second_factor.added",
        ...byAda,
        subject_id: started!.id,
        details: { factor_kind: "totp", name: "Phone" },
      }),
    ]);
    expect(JSON.stringify(added)).not.toContain(started!.totp_secret);
    const renewed = await written(() => call("POST", "/v1/user/me/factors/recovery_codes"));
    expect(renewed.map((r) => [r.kind, r.details])).toEqual([
      ["recovery_codes.renewed", { count: 10 }],
    ]);
    const removed = await written(() => call("DELETE", `/v1/user/me/factors/${started!.id}`));
    expect(removed.map((r) => [r.kind, r.subject_id])).toEqual([
      ["second_factor.removed", started!.id],
    ]);
    await refusedWithout(() => call("POST", "/v1/user/me/factors/recovery_codes"), 400);
  });
});

describe("subscriptions", () => {
  const SUB = "SUB-1001-01";

  it("a quantity change: one entry per line, before → after; with an added plan, plan_added", async () => {
    const rows = await written(() =>
      call("PUT", `/v1/subscriptions/${SUB}/change`, {
        charges: [{ id: "SCH-1001-01-1-1", quantity: 6 }],
        add_plans: [{ plan_id: "PLN-A014", charges: [{ charge_id: "CHG-A014-1", quantity: 5 }] }],
      }),
    );
    expect(rows.map((r) => r.kind)).toEqual([
      "subscription.quantity_changed",
      "subscription.plan_added",
    ]);
    expect(rows[0]).toMatchObject({
      ...byAda,
      subject_id: SUB,
      details: {
        subscription_name: "Head Office Water Service",
        charge: { id: "SCH-1001-01-1-1", name: "Smart Meter Rental" },
        before: { quantity: 4 },
        after: { quantity: 6 },
      },
    });
    expect(rows[1]!.details).toMatchObject({ plans: [{ plan_id: "PLN-A014" }] });
  });

  it("a plan replaced: plan_changed with the plans before and after", async () => {
    const rows = await written(() =>
      call("PUT", `/v1/subscriptions/${SUB}/change`, {
        remove_plans: ["SPL-1001-01-3"],
        add_plans: [{ plan_id: "PLN-A014" }],
      }),
    );
    expect(rows.map((r) => r.kind)).toEqual(["subscription.plan_changed"]);
    const { before, after } = rows[0]!.details as {
      before: { plans: { plan_id: string }[] };
      after: { plans: { plan_id: string }[] };
    };
    expect(before.plans.map((p) => p.plan_id)).toEqual(["PLN-A001", "PLN-A002", "PLN-A003"]);
    expect(after.plans.map((p) => p.plan_id)).toEqual(["PLN-A001", "PLN-A002", "PLN-A014"]);
  });

  it("a refused change writes none", async () => {
    await refusedWithout(
      () =>
        call("PUT", `/v1/subscriptions/${SUB}/change`, {
          charges: [{ id: "SCH-1001-01-1-1", quantity: -1 }],
        }),
      400,
    );
    await refusedWithout(() => call("PUT", `/v1/subscriptions/${SUB}/reactivate`, {}), 400);
    await refusedWithout(() => call("PUT", `/v1/subscriptions/${SUB}/resume`, {}), 400);
    await refusedWithout(
      () => call("PUT", "/v1/subscriptions/SUB-1002-01/pause", { cycles: 1 }),
      404,
    );
  });

  it("cancel (with its timing and reason), then reactivate", async () => {
    const cancelled = await written(() =>
      call("PUT", `/v1/subscriptions/${SUB}/cancel`, {
        cancellation_date: "2030-02-05",
        cancellation_type: "end_of_current_billing_period",
        reason_code: "too_expensive",
        reason_text: "Costs too much",
      }),
    );
    expect(cancelled).toEqual([
      expect.objectContaining({
        kind: "subscription.cancelled",
        ...byAda,
        subject_id: SUB,
        details: {
          subscription_name: "Head Office Water Service",
          cancellation_type: "end_of_current_billing_period",
          effective_date: "2030-02-05",
          reason_code: "too_expensive",
        },
      }),
    ]);
    await refusedWithout(
      () => call("PUT", `/v1/subscriptions/${SUB}/cancel`, { cancellation_date: "2030-02-05" }),
      400,
    );
    const reactivated = await written(() => call("PUT", `/v1/subscriptions/${SUB}/reactivate`, {}));
    expect(reactivated.map((r) => [r.kind, r.details])).toEqual([
      [
        "subscription.reactivated",
        {
          subscription_name: "Head Office Water Service",
          before: { status: "cancelled", cancellation_date: "2030-02-05" },
          after: { status: "active" },
        },
      ],
    ]);
  });

  it("pause and resume (called off before it began)", async () => {
    const paused = await written(() =>
      call("PUT", `/v1/subscriptions/${SUB}/pause`, { cycles: 2 }),
    );
    expect(paused.map((r) => [r.kind, r.details])).toEqual([
      [
        "subscription.paused",
        {
          subscription_name: "Head Office Water Service",
          cycles: 2,
          pause_start: "2030-02-05",
          resume_date: "2030-04-05",
        },
      ],
    ]);
    await refusedWithout(() => call("PUT", `/v1/subscriptions/${SUB}/pause`, { cycles: 1 }), 400);
    const resumed = await written(() => call("PUT", `/v1/subscriptions/${SUB}/resume`, {}));
    expect(resumed.map((r) => [r.kind, r.details])).toEqual([
      [
        "subscription.resumed",
        {
          subscription_name: "Head Office Water Service",
          before: { pause_start: "2030-02-05", resume_date: "2030-04-05" },
          after: { resume_date: null },
        },
      ],
    ]);
  });

  it("resume once the pause began: billing resumes today; the clock's own doing writes nothing", async () => {
    expect((await call("PUT", `/v1/subscriptions/${SUB}/pause`, { cycles: 2 })).status).toBe(200);
    const before = await mark();
    const advanced = await h.request("POST", "/__sandbox/test_clocks/advance", {
      body: { email: "ada@acme.test", to: "2030-03-01" },
    });
    expect(advanced.status, advanced.text).toBe(200);
    expect(await mark()).toBe(before);
    const resumed = await written(() => call("PUT", `/v1/subscriptions/${SUB}/resume`, {}));
    expect(resumed.map((r) => [r.kind, r.details])).toEqual([
      [
        "subscription.resumed",
        {
          subscription_name: "Head Office Water Service",
          before: { pause_start: "2030-02-05", resume_date: "2030-04-05" },
          after: { resume_date: "2030-03-01" },
        },
      ],
    ]);
  });

  it("an accepted offer: one entry (a cheaper plan names the plans, no plan_changed besides)", async () => {
    const discount = await written(() =>
      call("PUT", `/v1/subscriptions/${SUB}/retention_offers/discount/accept`, {}),
    );
    expect(discount).toEqual([
      expect.objectContaining({
        kind: "subscription.offer_accepted",
        ...byAda,
        details: expect.objectContaining({
          offer_kind: "discount",
          percent_off: 20,
          cycles: 3,
          before: null,
          after: null,
        }),
      }),
    ]);
    await refusedWithout(
      () => call("PUT", `/v1/subscriptions/${SUB}/retention_offers/discount/accept`, {}),
      400,
    );
    const cheaper = await written(() =>
      call("PUT", `/v1/subscriptions/${SUB}/retention_offers/cheaper_plan/accept`, {}),
    );
    expect(cheaper.map((r) => r.kind)).toEqual(["subscription.offer_accepted"]);
    const details = cheaper[0]!.details as {
      offer_kind: string;
      before: { plans: unknown[] };
      after: { plans: unknown[] };
    };
    expect(details.offer_kind).toBe("cheaper_plan");
    expect(details.before.plans).not.toEqual(details.after.plans);
  });
});

describe("payments", () => {
  it("a payment: amount, currency, the card's last four and the invoices", async () => {
    const open = await h.sandbox.db.query<{ id: string; balance: string; currency: string }>(
      `SELECT id, balance::text AS balance, currency FROM invoices
        WHERE customer_id = $1 AND status = ANY($2::text[]) AND balance > 0
        ORDER BY due_date, id LIMIT 1`,
      [ADA, [...OPEN_INVOICE_STATUSES]],
    );
    const invoice = open[0]!;
    const rows = await written(
      () =>
        h.api("POST", "/v1/payments", {
          token: ada,
          body: { invoice_ids: [invoice.id], payment_method_id: "pm_seed_ada_visa" },
          headers: { "Idempotency-Key": `activity-${h.now()}` },
        }),
      201,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "payment.made",
        ...byAda,
        details: {
          amount: Number(invoice.balance),
          currency: invoice.currency,
          payment_method: "Credit Card",
          last4: "4242",
          invoice_ids: [invoice.id],
        },
      }),
    ]);
    expect(rows[0]!.subject_id).toMatch(/^PAY-P/);
    await refusedWithout(
      () =>
        h.api("POST", "/v1/payments", {
          token: ada,
          body: { invoice_ids: [invoice.id], payment_method_id: "pm_seed_ada_visa" },
          headers: { "Idempotency-Key": `activity-again-${h.now()}` },
        }),
      400,
    );
  });

  it("on the hosted page of a chosen set: by whoever holds the link; a declined card writes none", async () => {
    const [invoice] = await h.sandbox.db.query<{ id: string }>(
      `SELECT id FROM invoices WHERE customer_id = $1 AND status = ANY($2::text[]) AND balance > 0
        ORDER BY due_date, id LIMIT 1`,
      [ADA, [...OPEN_INVOICE_STATUSES]],
    );
    const link = await call("POST", "/v1/payments/pay_now_url", { invoice_ids: [invoice!.id] });
    expect(link.status, link.text).toBe(200);
    const url = (link.body.data as { payNowUrl: string }).payNowUrl;
    const page = await download(url);
    const action = new URL(formAction(page.text) ?? "", url).toString();
    const pay = (card_number: string) =>
      download(action, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          quote: formValue(page.text, "quote") ?? "",
          holder_name: "Ada Lovelace",
          card_number,
          expiry: "12 / 34",
          cvc: "123",
        }).toString(),
      });
    await refusedWithout(() => pay("4000 0000 0000 0002"), 402);
    const rows = await written(() => pay("4242 4242 4242 4242"));
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "payment.made",
        actor_kind: "user",
        actor_email: null,
        actor_user_id: null,
        details: expect.objectContaining({ last4: "4242", invoice_ids: [invoice!.id] }),
      }),
    ]);
    const entry = (await log(ADA, "?kind=payment.made")).body.data.items[0];
    expect(entry?.actor).toEqual({ kind: "user", email: null, name: null });
  });

  it("on the invoices' pay-now page: one entry per payment; paying again writes none", async () => {
    const link = await call("GET", "/v1/payments/getPayNowUrl");
    expect(link.status, link.text).toBe(200);
    const url = (link.body.data as { payNowUrl: string }).payNowUrl;
    const page = await download(url);
    const action = new URL(formAction(page.text) ?? "", url).toString();
    const pay = () =>
      download(action, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ quote: formValue(page.text, "quote") ?? "" }).toString(),
      });
    const rows = await written(pay);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    const [payments] = await h.sandbox.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payments WHERE id = ANY($1::text[])",
      [rows.map((r) => r.subject_id)],
    );
    expect(payments?.n).toBe(rows.length);
    for (const row of rows) {
      expect(row).toMatchObject({
        kind: "payment.made",
        actor_kind: "user",
        actor_email: null,
        details: { payment_method: "Credit Card", last4: null },
      });
      expect((row.details.invoice_ids as string[]).length).toBeGreaterThan(0);
    }
    await refusedWithout(pay, 409);
  });
});
