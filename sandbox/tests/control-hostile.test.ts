/**
 * POST /__sandbox/companies/hostile: a company at hostile.localhost whose every string is a
 * script-shaped payload, served by the /v1 API like any other company, re-created by each call
 * and removed by a reset.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { HostileCompany } from "../src/seed/hostile";
import { startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("control_hostile");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

const create = async (): Promise<HostileCompany> => {
  const res = await h.request<HostileCompany>("POST", "/__sandbox/companies/hostile", {
    body: {},
  });
  expect(res.status).toBe(200);
  return res.body;
};

type Field = { value: unknown; display_name: string; enabled: boolean };
type Subscription = Record<string, Field> & {
  plans: (Record<string, Field> & { charges: Record<string, Field>[] })[];
};

describe("POST /__sandbox/companies/hostile", () => {
  it("answers the host, the user and a distinct script-shaped payload per place", async () => {
    const company = await create();
    expect(company).toMatchObject({
      companyId: "hostile",
      domain: "hostile.localhost",
      email: "hostile@hostile.test",
    });
    const payloads = Object.entries(company.payloads);
    expect(payloads.length).toBeGreaterThan(40);
    expect(new Set(payloads.map(([, p]) => p)).size).toBe(payloads.length);
    for (const [place, payload] of payloads) {
      // Each one names its place: whatever ran would say where it came from.
      const where = place.replace(/[A-Z0-9]+/g, (m) => `-${m.toLowerCase()}`);
      expect(payload, place).toMatch(new RegExp(`__xss=(['"])${where}\\1`));
    }
  });

  it("serves its portal configuration with the payload name and the hostile URLs as stored", async () => {
    const { payloads, urls } = await create();
    const res = await h.api<Record<string, unknown>>(
      "GET",
      "/v1/portalConfiguration?host=hostile.localhost",
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      companyId: "hostile",
      name: payloads.companyName,
      logoUrl: urls.logo,
      tncUrl: urls.tnc,
      bannerUrl: "http://evil.example/banner.png",
      privacyUrl: "http://evil.example/privacy",
      displayTncPrivacyUrl: true,
      enabledTabs: ["invoices", "payments", "usages", "credits", "statements", "subscriptions"],
      gateway: "stripe",
    });
    expect(urls.logo).toMatch(/^javascript:/);
  });

  it("signs its user in with the seed password and answers payloads in every list", async () => {
    const { email, payloads: p, ids } = await create();
    const { accessToken: token, user } = await h.login(email, undefined, "hostile");
    expect(user).toMatchObject({ company_id: "hostile", selected_customer_id: ids.customer });

    const customers = await h.api("GET", "/v1/user/portalUserCustomer", { token });
    expect(customers.body.data).toEqual([
      { id: ids.customer, customer_id: p.accountNumber, name: p.customerName },
    ]);

    type Page = {
      customFields: { field_label: string }[];
      objectConfiguration: Record<string, { fields: { id: string; display_name: string }[] }>;
    } & Record<string, unknown>;
    const invoices = await h.api<Page & { invoices: Record<string, unknown>[] }>(
      "GET",
      "/v1/invoices?page=1&size=10&initial_req=true",
      { token },
    );
    expect(invoices.body.data.invoices.map((r) => r.id)).toEqual(ids.invoices);
    expect(invoices.body.data.customFields.map((f) => f.field_label)).toEqual([
      p.invoiceFieldLabel,
      p.invoiceNoteLabel,
      p.invoiceFileLabel,
    ]);
    const columns = invoices.body.data.objectConfiguration.invoice!.fields;
    expect(columns.find((c) => c.id === "status")?.display_name).toBe(p.columnStatus);
    expect(columns.find((c) => c.id === "custom_fields.hostile_ref")?.display_name).toBe(
      p.invoiceFieldLabel,
    );
    expect(invoices.body.data.invoices[0]).toMatchObject({
      salesforce_id: p.invoiceSalesforceId,
      custom_fields: {
        hostile_ref: p.invoiceFieldValue1,
        hostile_note: p.invoiceNoteValue,
        hostile_file: { attachment_id: ids.attachment, file_name: p.invoiceFileName },
      },
    });

    const lists: [string, string, string, string][] = [
      ["payments", "payment_method", p.paymentMethod, p.paymentFieldLabel],
      ["usages", "description", p.usageDescription, p.usageFieldLabel],
      ["credits", "reference_number", p.creditReference, p.creditFieldLabel],
      ["statements", "customer_name", p.statementCustomerName, p.statementFieldLabel],
    ];
    for (const [list, column, value, label] of lists) {
      const res = await h.api<Record<string, unknown>>("GET", `/v1/${list}?page=1&size=10`, {
        token,
      });
      expect(res.status, list).toBe(200);
      // Payments nest their page one level down.
      const page = (list === "payments" ? res.body.data.payments : res.body.data) as Record<
        string,
        unknown
      > & { customFields: { field_label: string }[] };
      const rows = page[list] as Record<string, unknown>[];
      expect(rows.length, list).toBeGreaterThan(0);
      expect(rows[0]?.[column], list).toBe(value);
      expect(page.customFields.map((f) => f.field_label)).toEqual([label]);
    }
  });

  it("answers payload plans, subscriptions, field names and account details", async () => {
    const { email, payloads: p, ids } = await create();
    const token = (await h.login(email, undefined, "hostile")).accessToken;

    const plans = await h.api<{
      data: { id: string; name: string; charges: { name: string }[] }[];
    }>("GET", "/v1/plans?page=1&pageSize=10", { token });
    const plan1 = plans.body.data.data.find((x) => x.id === "PLN-H001");
    expect(plan1?.name).toBe(p.planName1);
    expect(plan1?.charges.map((c) => c.name)).toEqual([p.chargeName1a, p.chargeName1b]);

    const subs = await h.api<{ subscriptions: Subscription[] }>(
      "GET",
      `/v1/subscriptions?customer_id=${ids.customer}`,
      { token },
    );
    const active = subs.body.data.subscriptions.find(
      (s) => s.id?.value === ids.activeSubscription,
    )!;
    expect(active.name!.value).toBe(p.subscriptionName);
    expect(active.description).toMatchObject({
      value: p.subscriptionDescription,
      display_name: p.fieldLabelDescription,
    });
    expect(active.po_number).toMatchObject({
      value: p.subscriptionPoNumber,
      display_name: p.fieldLabelPoNumber,
    });
    expect(active.crm_reference).toMatchObject({
      value: p.subscriptionCrmReference,
      display_name: p.fieldLabelCrmReference,
      enabled: true,
    });
    expect(active.plans[0]!.plan_name!.value).toBe(p.planName1);
    const cancelled = subs.body.data.subscriptions.find(
      (s) => s.id?.value === ids.cancelledSubscription,
    );
    expect(cancelled?.status?.value).toBe("cancelled");

    const contact = await h.api<Record<string, unknown>>("GET", "/v1/user/me/contactDetails", {
      token,
    });
    expect(JSON.stringify(contact.body.data)).toContain(JSON.stringify(p.contactFirstName));
    const methods = await h.api<{ paymentMethods: { type: string }[] }>(
      "GET",
      "/v1/paymentMethods",
      { token },
    );
    expect(methods.body.data.paymentMethods.map((m) => m.type)).toContain(p.bankAccountName);
    const ach = await h.api<{ bank_name?: string }>(
      "GET",
      "/v1/paymentMethods/getAchCreditDetails",
      { token },
    );
    expect(JSON.stringify(ach.body.data)).toContain(JSON.stringify(p.achBankName));
  });

  it("deletes and re-creates: one company, the earlier sessions gone", async () => {
    const { email } = await create();
    const before = (await h.login(email, undefined, "hostile")).accessToken;
    await create();
    expect((await h.api("GET", "/v1/user/me", { token: before })).status).toBe(401);
    const rows = await h.sandbox.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM companies WHERE domain = 'hostile.localhost'",
    );
    expect(rows[0]?.n).toBe(1);
    expect((await h.login(email, undefined, "hostile")).user.company_id).toBe("hostile");
  });

  it("is removed by a reset, and leaves the seeded companies alone", async () => {
    await create();
    const acme = await h.api("GET", "/v1/portalConfiguration?host=localhost");
    expect(acme.status).toBe(200);
    await h.request("POST", "/__sandbox/reset");
    expect((await h.api("GET", "/v1/portalConfiguration?host=hostile.localhost")).status).toBe(404);
    expect((await h.api("GET", "/v1/portalConfiguration?host=localhost")).body).toEqual(acme.body);
  });

  it("refuses a body with options it does not know with 422", async () => {
    const res = await h.request("POST", "/__sandbox/companies/hostile", { body: { domain: "x" } });
    expect(res.status).toBe(422);
  });
});
