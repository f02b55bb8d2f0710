/** Where the sandbox's hosted pages live, and their signed links. */
import { signedUrl } from "./signed-links";

/** `<prefix><customerId>`: the hosted add-payment page of a customer. */
export const ADD_PAYMENT_PAGE_PREFIX = "/hosted/add-payment-method/";
/** `<prefix><verifyToken>`: the bank-account verification page behind a `verify_url`. */
export const VERIFY_BANK_PAGE_PREFIX = "/hosted/verify-bank-account/";

/** What signing a link needs: the sandbox's public origin (as the API's callers reach it), the key, the clock. */
export type PageLinks = { origin: string; key: Buffer; now: number };

export const addPaymentPagePath = (customerId: string) =>
  `${ADD_PAYMENT_PAGE_PREFIX}${encodeURIComponent(customerId)}`;
export const verifyBankPagePath = (verifyToken: string) =>
  `${VERIFY_BANK_PAGE_PREFIX}${encodeURIComponent(verifyToken)}`;

/** The signed, expiring URL of a customer's hosted add-payment page. */
export const addPaymentPageUrl = (links: PageLinks, customerId: string) =>
  signedUrl(links.key, links.origin, addPaymentPagePath(customerId), links.now);

/** The signed, expiring `verify_url` of a bank account awaiting verification. */
export const verifyBankPageUrl = (links: PageLinks, verifyToken: string) =>
  signedUrl(links.key, links.origin, verifyBankPagePath(verifyToken), links.now);
