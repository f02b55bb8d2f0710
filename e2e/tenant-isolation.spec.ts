import { expect, test, type APIRequestContext } from "@playwright/test";
import { PORTAL_PORT } from "../playwright.config";
import { PASSWORD } from "./support/sandbox";

// Tenant isolation (issue 12 §4), against the real portal and sandbox: Ada (Acme Water, on host
// localhost) holds a valid session and asks for what belongs to Gina (Globex Energy, another
// company, on host 127.0.0.1) by its ids, or uses her own cookie on Gina's company's host. Every
// such request is refused, and Gina's data is unchanged afterwards.

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

/** Ids of Gina's invoice, payment method and subscription, as her own portal lists them. */
async function ginasIds(gina: APIRequestContext): Promise<Ids> {
  const invoices = await (await gina.get("/api/lists/invoices?initial=1")).json();
  const methods = await (await gina.get("/api/account/payment-methods")).json();
  const subscriptions = await (await gina.get("/api/subscriptions?status=active")).json();
  const ids = {
    invoice: String(invoices.rows?.[0]?.id ?? ""),
    paymentMethod: String(methods.paymentMethods?.[0]?.id ?? ""),
    subscription: String(subscriptions.subscriptions?.[0]?.id ?? ""),
  };
  for (const [what, id] of Object.entries(ids)) expect(id, `Gina has a ${what}`).not.toBe("");
  return ids;
}

test.describe("tenant isolation", () => {
  let ada: APIRequestContext;
  let gina: APIRequestContext;
  let ids: Ids;

  test.beforeAll(async ({ playwright }) => {
    ada = await signedIn(playwright, acme, "ada@acme.test");
    gina = await signedIn(playwright, globex, "gina@globex.test");
    ids = await ginasIds(gina);
  });
  test.afterAll(async () => {
    await ada?.dispose();
    await gina?.dispose();
  });

  test("another company's invoice PDF is not found", async () => {
    const res = await ada.get(`/api/invoices/${encodeURIComponent(ids.invoice)}/pdf`);
    expect([403, 404]).toContain(res.status());
    expect(await res.text()).not.toContain("http");
  });

  test("another company's payment method can be neither removed nor made the default", async () => {
    const path = `/api/account/payment-methods/${encodeURIComponent(ids.paymentMethod)}`;
    expect([403, 404]).toContain((await ada.delete(path, { data: {} })).status());
    expect([403, 404]).toContain((await ada.put(`${path}/default`, { data: {} })).status());
    const after = await (await gina.get("/api/account/payment-methods")).json();
    expect(JSON.stringify(after)).toContain(ids.paymentMethod);
  });

  test("another company's subscription has no cancellation date to read and cannot be reactivated", async () => {
    const path = `/api/subscriptions/${encodeURIComponent(ids.subscription)}`;
    expect([403, 404]).toContain((await ada.post(`${path}/reactivate`, { data: {} })).status());
    expect([403, 404]).toContain((await ada.get(`${path}/cancel-date?type=today`)).status());
    const after = await (await gina.get("/api/subscriptions?status=active")).json();
    expect(JSON.stringify(after)).toContain(ids.subscription);
  });

  test("a customer the user is not linked to cannot be selected", async () => {
    const res = await ada.post("/api/customers/select", {
      data: { customerId: "cus_globex_2001" },
    });
    expect([403, 404]).toContain(res.status());
    const session = await (await ada.get("/api/session")).json();
    expect(session.selectedCustomerId).not.toBe("cus_globex_2001");
  });

  test("a valid session of one company is no session on another company's host", async ({
    playwright,
  }) => {
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
    }
  });
});
