/** Helpers of the account tests: sign in, and tokens issued by the test providers' vault. */
import {
  tokenizeBankAccount,
  tokenizeCard,
  type ProviderGateway,
} from "../../src/account/provider-vault";
import type { Harness } from "./harness";

/** The access token of a fresh sign-in. */
export async function bearer(h: Harness, email: string): Promise<string> {
  return (await h.login(email)).accessToken;
}

/** A provider token for a test card, as the provider's card form would hand it to the portal. */
export async function cardToken(
  h: Harness,
  gateway: ProviderGateway,
  number: string,
  exp: [number, number] = [12, 2034],
): Promise<string> {
  const { token } = await tokenizeCard(h.sandbox.db, {
    gateway,
    number,
    expMonth: exp[0],
    expYear: exp[1],
    holderName: "Test Holder",
    now: h.now(),
  });
  return token;
}

/** A provider token for a bank account. */
export async function bankToken(
  h: Harness,
  gateway: ProviderGateway,
  accountNumber = "000123456789",
): Promise<string> {
  const { token } = await tokenizeBankAccount(h.sandbox.db, {
    gateway,
    accountNumber,
    bankName: "Stripe Test Bank",
    holderName: "Test Holder",
    now: h.now(),
  });
  return token;
}

/** POST /v1/user/portalUserCustomer: act for another of the user's customers. */
export async function selectCustomer(h: Harness, token: string, customerId: string): Promise<void> {
  const res = await h.api("POST", "/v1/user/portalUserCustomer", {
    token,
    body: { customer_id: customerId },
  });
  if (res.status !== 200) throw new Error(`select ${customerId} failed: ${res.status} ${res.text}`);
}
