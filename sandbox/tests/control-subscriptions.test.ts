/**
 * POST /__sandbox/subscriptions/copy: a user's selected customer gets a copy of cus_acme_1001's
 * subscriptions (fresh ids, same plans, charges, statuses and dates) that the /v1 API then serves
 * and changes like any other, without touching the template's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../src/server";
import { bearer } from "./support/account";
import { startHarness, type Harness } from "./support/harness";

type Field = { value: unknown } & Record<string, unknown>;
type Charge = Record<string, Field>;
type PlanEntry = Record<string, Field> & { charges: Charge[] };
type Subscription = Record<string, Field> & { plans: PlanEntry[] };
type Copied = { from: string; id: string; name: string; status: string };
type CopyAnswer = { customerId: string; subscriptions: Copied[] };

const PASSWORD = "Portal!2345";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("control_subscriptions");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

const copy = (body: unknown) =>
  h.request<CopyAnswer>("POST", "/__sandbox/subscriptions/copy", { body });

/** A new user of Acme with a new customer of its own; answers the e-mail. */
async function freshUser(email: string, company = "acme"): Promise<string> {
  const inv = await h.request<{ tokenId: string }>("POST", "/__sandbox/invitations", {
    body: { email, company },
  });
  expect(inv.status).toBe(200);
  const res = await h.api("POST", "/v1/auth/register", {
    body: {
      email,
      password: PASSWORD,
      tokenId: inv.body.tokenId,
      companyId: company,
      company: company === "acme" ? "Acme Water" : "Globex Energy",
    },
  });
  expect(res.status).toBe(200);
  return email;
}

async function list(token: string): Promise<Subscription[]> {
  const res = await h.api<{ subscriptions: Subscription[] }>("GET", "/v1/subscriptions", {
    token,
  });
  expect(res.status).toBe(200);
  return res.body.data.subscriptions;
}

/** A subscription without its ids (subscription, plan lines, charge lines). */
function withoutIds(s: Subscription) {
  const { id: _id, plans, ...rest } = s;
  return {
    ...rest,
    plans: plans.map(({ id: _p, charges, ...plan }) => ({
      ...plan,
      charges: charges.map(({ id: _c, ...charge }) => charge),
    })),
  };
}

const ids = (s: Subscription) => ({
  id: s.id?.value,
  plans: s.plans.map((p) => ({ id: p.id?.value, charges: p.charges.map((c) => c.id?.value) })),
});

describe("POST /__sandbox/subscriptions/copy", () => {
  it("gives a fresh customer ada's subscriptions with fresh ids, the same plans, charges, statuses and dates", async () => {
    const email = await freshUser("copy.one@example.com");
    const token = (await h.login(email, PASSWORD)).accessToken;
    expect(await list(token)).toEqual([]);

    const res = await copy({ email });
    expect(res.status).toBe(200);
    const account = (await h.login(email, PASSWORD)).user.customer_id;
    expect(res.body.customerId).toBe(account);
    const [row] = await h.sandbox.db.query<{ customer_id: string }>(
      "SELECT customer_id FROM customers WHERE id = $1",
      [account],
    );
    const ref = row?.customer_id.replace("CUST-", "");
    expect(res.body.subscriptions).toEqual([
      { from: "SUB-1001-03", id: `SUB-${ref}-01`, name: "Pool Fill Service", status: "cancelled" },
      {
        from: "SUB-1001-01",
        id: `SUB-${ref}-02`,
        name: "Head Office Water Service",
        status: "active",
      },
      {
        from: "SUB-1001-02",
        id: `SUB-${ref}-03`,
        name: "Workshop Metered Water",
        status: "active",
      },
    ]);

    const ada = await list(await bearer(h, "ada@acme.test"));
    const mine = await list(token);
    expect(mine.map(withoutIds)).toEqual(ada.map(withoutIds));
    expect(mine.map(ids)[1]).toEqual({
      id: `SUB-${ref}-02`,
      plans: [
        {
          id: `SPL-${ref}-02-1`,
          charges: [1, 2, 3, 4, 5, 6, 7].map((n) => `SCH-${ref}-02-1-${n}`),
        },
        { id: `SPL-${ref}-02-2`, charges: [`SCH-${ref}-02-2-1`, `SCH-${ref}-02-2-2`] },
        { id: `SPL-${ref}-02-3`, charges: [`SCH-${ref}-02-3-1`] },
      ],
    });
    // No id of the copy is one of ada's.
    const adaIds = JSON.stringify(ada.map(ids));
    for (const s of mine.map(ids)) expect(adaIds).not.toContain(s.id);
  });

  it("numbers a second copy after the first, and copies to the selected customer", async () => {
    const email = await freshUser("copy.two@example.com");
    const first = await copy({ email });
    const second = await copy({ email: "COPY.TWO@example.com", company: "acme" });
    expect(second.status).toBe(200);
    const ref = first.body.subscriptions[0]?.id.slice(4, -3);
    expect(second.body.subscriptions.map((s) => s.id)).toEqual(
      ["04", "05", "06"].map((n) => `SUB-${ref}-${n}`),
    );
    expect(await list((await h.login(email, PASSWORD)).accessToken)).toHaveLength(6);

    // multi@acme.test acts for cus_acme_1002, which has SUB-1002-01 and -02 of its own.
    const multi = await copy({ email: "multi@acme.test" });
    expect(multi.status).toBe(200);
    expect(multi.body.customerId).toBe("cus_acme_1002");
    expect(multi.body.subscriptions.map((s) => s.id)).toEqual([
      "SUB-1002-03",
      "SUB-1002-04",
      "SUB-1002-05",
    ]);
  });

  it("leaves the template alone when the copy is changed, cancelled or reactivated", async () => {
    const email = await freshUser("copy.three@example.com");
    const { subscriptions } = (await copy({ email })).body;
    const token = (await h.login(email, PASSWORD)).accessToken;
    const adaToken = await bearer(h, "ada@acme.test");
    const before = await list(adaToken);
    const [cancelled, headOffice] = subscriptions.map((s) => s.id);
    const mine = await list(token);
    const meterLine = mine.find((s) => s.id?.value === headOffice)?.plans[0]?.charges[0]?.id?.value;

    const preview = await h.api("PUT", `/v1/subscriptions/${headOffice}/change_preview`, {
      token,
      body: { charges: [{ id: meterLine, quantity: 5 }] },
    });
    expect(preview.status).toBe(200);
    const change = await h.api("PUT", `/v1/subscriptions/${headOffice}/change`, {
      token,
      body: { charges: [{ id: meterLine, quantity: 5 }], add_plans: [{ plan_id: "PLN-A014" }] },
    });
    expect(change.status).toBe(200);
    const edit = await h.api("PUT", `/v1/subscriptions/${headOffice}`, {
      token,
      body: { fields: { po_number: "PO-COPY" } },
    });
    expect(edit.status).toBe(200);
    const cancel = await h.api("PUT", `/v1/subscriptions/${headOffice}/cancel`, {
      token,
      body: { cancellation_date: "2030-03-01", cancellation_type: "specific_date" },
    });
    expect(cancel.status).toBe(200);
    const reactivate = await h.api("PUT", `/v1/subscriptions/${cancelled}/reactivate`, {
      token,
      body: {},
    });
    expect(reactivate.status).toBe(200);

    expect(await list(adaToken)).toEqual(before);
    // Ada's own ids are still 404 to the copy's user.
    const foreign = await h.api("PUT", "/v1/subscriptions/SUB-1001-01/reactivate", {
      token,
      body: {},
    });
    expect(foreign.status).toBe(404);
  });

  it("is undone by a reset", async () => {
    const count = async () =>
      (
        await h.sandbox.db.query<{ n: number }>(
          "SELECT (SELECT count(*) FROM subscriptions) + (SELECT count(*) FROM subscription_plans) + (SELECT count(*) FROM subscription_charges) AS n",
        )
      )[0]?.n;
    const seeded = Number(await count());
    const email = await freshUser("copy.four@example.com");
    expect((await copy({ email })).status).toBe(200);
    expect(Number(await count())).toBe(seeded + 3 + 5 + 14);
    await h.reset();
    expect(Number(await count())).toBe(seeded);
  });

  it.each([
    [{ email: "nobody@example.com" }, 404, "not_found"],
    [{ email: "not an e-mail" }, 422, "validation"],
    [{}, 422, "validation"],
    [{ email: "ada@acme.test", company: "nowhere" }, 404, "not_found"],
    // The template cannot receive its own copy; Globex's customers have no Acme plans.
    [{ email: "ada@acme.test" }, 422, "validation"],
    [{ email: "gina@globex.test" }, 422, "validation"],
  ])("refuses %j with %i", async (body, status, code) => {
    const res = await copy(body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ errorCode: code });
  });
});

describe("POST /__sandbox/subscriptions/copy in production mode", () => {
  let prod: Sandbox;
  let prodUrl: string;
  beforeAll(async () => {
    prod = await createSandbox(
      { ...h.config, mode: "production" },
      { db: h.sandbox.db, logger: () => undefined },
    );
    prodUrl = await prod.listen(0);
  });
  afterAll(async () => {
    await prod?.close();
  });

  it("answers 404 and copies nothing", async () => {
    const email = await freshUser("copy.prod@example.com");
    const res = await fetch(`${prodUrl}/__sandbox/subscriptions/copy`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(404);
    expect(await list((await h.login(email, PASSWORD)).accessToken)).toEqual([]);
  });
});
