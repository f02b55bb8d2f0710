import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer, selectCustomer } from "./support/account";
import { startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("account_contact");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

type ContactDetails = Record<string, unknown> & {
  auto_pay: boolean;
  edit_auto_pay: boolean;
  payment_options: Record<string, boolean>;
};

const get = (token: string) =>
  h.api<ContactDetails>("GET", "/v1/user/me/contactDetails", { token });
const put = (token: string, body: unknown) =>
  h.api<ContactDetails>("PUT", "/v1/user/me/contactDetails", { token, body });

const ADA_UPDATE = {
  first_name: "  Augusta Ada ",
  last_name: "King",
  address1: "12 St James's Square",
  city: "London",
  zip: "SW1Y 4JH",
  phone: "+44 20 7946 0000 ext. 12",
  email: "countess@acme.test",
  job_title: "Analyst",
};

describe("GET /v1/user/me/contactDetails", () => {
  it("answers the selected customer's contact details, auto-pay and payment options", async () => {
    const res = await get(await bearer(h, "ada@acme.test"));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      address1: "221 Analytical Engine Way",
      address2: "Floor 2",
      city: "Cambridge",
      state: "MA",
      zip: "02139",
      phone: "+1 617 555 0101",
      mobile: "+1 617 555 0199",
      email: "ada@acme.test",
      job_title: "Chief Engineer",
      department: "Engineering",
      auto_pay: false,
      edit_auto_pay: true,
      payment_options: {
        ach_enabled: true,
        credit_enabled: true,
        ach_credit_enabled: true,
        affirm_enabled: true,
      },
    });
  });

  it("follows the customer the user selects", async () => {
    const token = await bearer(h, "multi@acme.test");
    expect((await get(token)).body.data).toMatchObject({ first_name: "José", last_name: "Núñez" });
    await selectCustomer(h, token, "CUST-1003");
    expect((await get(token)).body.data).toMatchObject({
      first_name: "Zoë",
      last_name: "Ødegård",
      auto_pay: true,
      edit_auto_pay: false,
    });
  });

  it("answers nulls and the default settings for a customer without any", async () => {
    await h.sandbox.db.query("DELETE FROM contact_details WHERE customer_id = 'cus_acme_1004'");
    const token = await bearer(h, "multi@acme.test");
    await selectCustomer(h, token, "CUST-1004");
    const data = (await get(token)).body.data;
    expect(data.first_name).toBeNull();
    expect(data.email).toBeNull();
    expect(data).toMatchObject({
      auto_pay: false,
      edit_auto_pay: true,
      payment_options: {
        ach_enabled: false,
        credit_enabled: false,
        ach_credit_enabled: false,
        affirm_enabled: false,
      },
    });
  });

  it("answers 401 without a bearer token", async () => {
    const res = await h.api("GET", "/v1/user/me/contactDetails");
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe("unauthorized");
  });
});

describe("PUT /v1/user/me/contactDetails (our extension)", () => {
  it("replaces the details, trimmed, clearing the fields left out, and answers them as GET does", async () => {
    const token = await bearer(h, "ada@acme.test");
    const res = await put(token, ADA_UPDATE);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      first_name: "Augusta Ada",
      last_name: "King",
      address2: null,
      state: null,
      mobile: null,
      department: null,
      phone: "+44 20 7946 0000 ext. 12",
      email: "countess@acme.test",
      auto_pay: false,
    });
    expect((await get(token)).body.data).toEqual(res.body.data);
  });

  it("keeps non-ASCII text as sent and reads blank fields as cleared", async () => {
    const token = await bearer(h, "gina@globex.test");
    const res = await put(token, {
      ...ADA_UPDATE,
      first_name: "Þórunn",
      last_name: "Łódź-Šťastná 山田",
      city: "São Paulo",
      address2: "   ",
    });
    expect(res.status).toBe(200);
    const data = (await get(token)).body.data;
    expect(data).toMatchObject({
      first_name: "Þórunn",
      last_name: "Łódź-Šťastná 山田",
      city: "São Paulo",
    });
    expect(data.address2).toBeNull();
  });

  it.each([
    [{ email: "not-an-email" }, "email: Invalid email"],
    [{ email: undefined }, "email: email is required"],
    [{ last_name: " " }, "last_name: last_name is required"],
    [{ city: "x".repeat(101) }, "city: city must be at most 100 characters"],
    [{ phone: "call me maybe" }, "phone: phone must be a phone number"],
    [{ zip: "<script>" }, "zip: zip must be letters, digits, spaces or dashes"],
    [{ department: "Sales\u0000" }, "department: department must not contain control characters"],
  ])("answers 422 for %j and changes nothing", async (change, message) => {
    const token = await bearer(h, "ada@acme.test");
    const res = await put(token, { ...ADA_UPDATE, ...change });
    expect(res.status).toBe(422);
    expect(res.body.errorCode).toBe("validation");
    expect(res.body.error).toBe(message);
    expect((await get(token)).body.data).toMatchObject({ first_name: "Ada", city: "Cambridge" });
  });

  it("does not change auto-pay or payment options sent along", async () => {
    const token = await bearer(h, "ada@acme.test");
    const res = await put(token, {
      ...ADA_UPDATE,
      auto_pay: true,
      payment_options: { ach_enabled: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.auto_pay).toBe(false);
    expect(res.body.data.payment_options.ach_enabled).toBe(true);
  });

  it("changes only the selected customer's details", async () => {
    const token = await bearer(h, "multi@acme.test");
    expect((await put(token, ADA_UPDATE)).status).toBe(200);
    await selectCustomer(h, token, "CUST-1003");
    expect((await get(token)).body.data).toMatchObject({ first_name: "Zoë" });
  });
});
