import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer, selectCustomer } from "./support/account";
import { startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("account_auto_pay");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

const update = (token: string, body: unknown) =>
  h.api<{ auto_pay: boolean }>("POST", "/v1/customers/updateAutoPay", { token, body });
const autoPay = async (token: string) =>
  (await h.api<{ auto_pay: boolean }>("GET", "/v1/user/me/contactDetails", { token })).body.data
    .auto_pay;

describe("POST /v1/customers/updateAutoPay", () => {
  it("turns auto-pay on and off and answers the stored value", async () => {
    const token = await bearer(h, "ada@acme.test");
    const on = await update(token, { auto_pay: true });
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({ auto_pay: true });
    expect(await autoPay(token)).toBe(true);
    expect((await update(token, { auto_pay: false })).body.data).toEqual({ auto_pay: false });
    expect(await autoPay(token)).toBe(false);
  });

  it("answers 403 auto_pay_not_editable when edit_auto_pay is false, and changes nothing", async () => {
    const token = await bearer(h, "multi@acme.test");
    await selectCustomer(h, token, "CUST-1003");
    const res = await update(token, { auto_pay: false });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe("auto_pay_not_editable");
    expect(await autoPay(token)).toBe(true);
  });

  it("answers 400 payment_method_required when turning it on without a payment method", async () => {
    const token = await bearer(h, "multi@acme.test");
    const res = await update(token, { auto_pay: true });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("payment_method_required");
    expect(await autoPay(token)).toBe(false);
  });

  it("answers 422 when auto_pay is not a boolean", async () => {
    const token = await bearer(h, "ada@acme.test");
    const res = await update(token, { auto_pay: "yes" });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("auto_pay: auto_pay must be true or false");
  });

  it("answers 401 without a bearer token", async () => {
    expect(
      (await h.api("POST", "/v1/customers/updateAutoPay", { body: { auto_pay: true } })).status,
    ).toBe(401);
  });
});
