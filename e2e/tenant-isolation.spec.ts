import { expect, test, type APIRequestContext } from "@playwright/test";
import { PORTAL_PORT } from "../playwright.config";
import { PASSWORD } from "./support/sandbox";

// Tenant isolation (issue 12 §4), against the real portal and sandbox: Ada (Acme Water, customer
// cus_acme_1001, on host localhost) holds a valid session and asks, by their ids, for what belongs
// to Gina (Globex Energy, another company, on host 127.0.0.1) and to a customer of her own company
// she is not linked to (multi@acme.test's), or uses her own cookie on Gina's company's host. Every
// such request is refused, and the other customer's data is unchanged afterwards.

const acme = `http://localhost:${PORTAL_PORT}`;
const globex = `http://127.0.0.1:${PORTAL_PORT}`;

/** A client signed in on `origin`, sending what the portal's own pages send. */
async function signedIn(
  playwright: { request: { newContext(o: object): Promise<APIRequestContext> } },
  origin: string,
  email: string,
) {
  const client = await playwright.request.newContext({
    baseURL: origin,
    extraHTTPHeaders: { Origin: origin, "X-CSRF": "1" },
  });
  const res = await client.post("/api/auth/login", { data: { email, password: PASSWORD } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  return client;
}

type Ids = { invoice: string; paymentMethod: string; subscription: string };

/** Ids of a customer's invoice, payment method and subscription, as their own portal lists them. */
async function idsOf(owner: APIRequestContext): Promise<Ids> {
  const invoices = await (await owner.get("/api/lists/invoices?initial=1")).json();
  const methods = await (await owner.get("/api/account/payment-methods")).json();
  const subscriptions = await (await owner.get("/api/subscriptions?status=active")).json();
  const ids = {
    invoice: String(invoices.rows?.[0]?.id ?? ""),
    paymentMethod: String(methods.paymentMethods?.[0]?.id ?? ""),
    subscription: String(subscriptions.subscriptions?.[0]?.id ?? ""),
  };
  for (const [what, id] of Object.entries(ids)) expect(id, `the owner has a ${what}`).not.toBe("");
  return ids;
}

const OWNERS: { whose: string; origin: string; email: string; customer?: string }[] = [
  { whose: "another company's", origin: globex, email: "gina@globex.test" },
  {
    whose: "another customer's of the same company",
    origin: acme,
    email: "multi@acme.test",
    // Of multi@'s three, the one with a saved payment method (the session's choice only).
    customer: "cus_acme_1003",
  },
];

const today = () => new Date().toISOString().slice(0, 10);

for (const owner of OWNERS) {
  test.describe(`tenant isolation: ${owner.whose}`, () => {
    let ada: APIRequestContext;
    let other: APIRequestContext;
    let ids: Ids;
    let customerId: string;

    test.beforeAll(async ({ playwright }) => {
      ada = await signedIn(playwright, acme, "ada@acme.test");
      other = await signedIn(playwright, owner.origin, owner.email);
      if (owner.customer) {
        const chosen = await other.post("/api/customers/select", {
          data: { customerId: owner.customer },
        });
        expect(chosen.status()).toBe(200);
      }
      ids = await idsOf(other);
      customerId = String((await (await other.get("/api/session")).json()).selectedCustomerId);
      expect(customerId).not.toBe("cus_acme_1001");
    });
    test.afterAll(async () => {
      await ada?.dispose();
      await other?.dispose();
    });

    test("invoice PDF is not found", async () => {
      const res = await ada.get(`/api/invoices/${encodeURIComponent(ids.invoice)}/pdf`);
      expect([403, 404]).toContain(res.status());
      expect(await res.text()).not.toContain("http");
    });

    test("payment method can be neither removed nor made the default", async () => {
      const path = `/api/account/payment-methods/${encodeURIComponent(ids.paymentMethod)}`;
      expect([403, 404]).toContain((await ada.delete(path, { data: {} })).status());
      expect([403, 404]).toContain((await ada.put(`${path}/default`, { data: {} })).status());
      const after = await (await other.get("/api/account/payment-methods")).json();
      expect(JSON.stringify(after)).toContain(ids.paymentMethod);
    });

    test("subscription can be neither read for a cancellation date, previewed, changed, cancelled nor reactivated", async () => {
      const list = async () => (await other.get("/api/subscriptions?status=active")).json();
      const before = JSON.stringify(await list());
      const path = `/api/subscriptions/${encodeURIComponent(ids.subscription)}`;
      const change = { data: { removePlans: ["PLAN-LINE-1"] } };
      const cancel = { data: { cancellationType: "today", cancellationDate: today() } };
      for (const [what, res] of [
        ["cancel date", await ada.get(`${path}/cancel-date?type=today`)],
        ["preview", await ada.post(`${path}/preview`, change)],
        ["change", await ada.put(path, change)],
        ["cancel", await ada.post(`${path}/cancel`, cancel)],
        ["reactivate", await ada.post(`${path}/reactivate`, { data: {} })],
      ] as const)
        expect([403, 404], what).toContain(res.status());
      expect(JSON.stringify(await list())).toBe(before);
    });

    test("customer cannot be selected", async () => {
      const res = await ada.post("/api/customers/select", { data: { customerId } });
      expect([403, 404]).toContain(res.status());
      const session = await (await ada.get("/api/session")).json();
      expect(session.selectedCustomerId).toBe("cus_acme_1001");
    });
  });
}

test("a valid session of one company is no session on another company's host", async ({
  playwright,
}) => {
  const ada = await signedIn(playwright, acme, "ada@acme.test");
  const cookies = (await ada.storageState()).cookies;
  expect(cookies.length).toBeGreaterThan(0);
  const header = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  // A client with no cookie jar of its own: the request carries Ada's session and nothing else.
  const stranger = await playwright.request.newContext();
  try {
    expect(
      (await stranger.get(`${acme}/api/session`, { headers: { Cookie: header } })).status(),
    ).toBe(200);
    for (const path of ["/api/session", "/api/lists/invoices?initial=1", "/api/account/detail"])
      expect(
        (await stranger.get(`${globex}${path}`, { headers: { Cookie: header } })).status(),
        path,
      ).toBe(401);
  } finally {
    await stranger.dispose();
    await ada.dispose();
  }
});
