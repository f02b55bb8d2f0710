// Manage Account's queries (docs/CONVENTIONS.md 10, 11), built like the lists' (lib/lists/queries.ts): one
// key hierarchy under ["account", "manage"] per customer and the queryOptions that both the
// account page's server prefetch (lib/query/account.ts) and the browser's hooks
// (use-account-data.ts) use, so the keys match and hydration hits. The fetch is passed in: the
// server reads /v1 (lib/billing/account), the browser the BFF (bff.ts); this module imports neither.
import { queryOptions } from "@tanstack/react-query";
import type {
  AchCreditDetails,
  AddPaymentFormUrl,
  ContactDetails,
  PaymentMethodList,
} from "@/lib/schemas/account";
import type { AccountSessionList } from "@/lib/schemas/sessions";

export const manageAccountKeys = {
  all: ["account", "manage"] as const,
  /** Everything of one customer. */
  customer: (customerId: string) => [...manageAccountKeys.all, customerId] as const,
  contactDetails: (customerId: string) =>
    [...manageAccountKeys.customer(customerId), "contactDetails"] as const,
  paymentMethods: (customerId: string) =>
    [...manageAccountKeys.customer(customerId), "paymentMethods"] as const,
  achCredit: (customerId: string) =>
    [...manageAccountKeys.customer(customerId), "achCredit"] as const,
  addPaymentForm: (customerId: string) =>
    [...manageAccountKeys.customer(customerId), "addPaymentForm"] as const,
};

/** Contact details with auto-pay and payment options. */
export function contactDetailsQuery(customerId: string, load: () => Promise<ContactDetails>) {
  return queryOptions<ContactDetails>({
    queryKey: manageAccountKeys.contactDetails(customerId),
    queryFn: () => load(),
  });
}

/** Payment methods with the gateway setup. */
export function paymentMethodsQuery(customerId: string, load: () => Promise<PaymentMethodList>) {
  return queryOptions<PaymentMethodList>({
    queryKey: manageAccountKeys.paymentMethods(customerId),
    queryFn: () => load(),
  });
}

/**
 * Bank-transfer details; null when there are none (the API's 404: the section stays hidden). Any
 * other failure is the part's error, with a way to try again, as for the other parts.
 */
export function achCreditQuery(customerId: string, load: () => Promise<AchCreditDetails | null>) {
  return queryOptions<AchCreditDetails | null>({
    queryKey: manageAccountKeys.achCredit(customerId),
    queryFn: () => load(),
  });
}

/** The hosted add-payment page's link (null: no link). */
export function addPaymentFormQuery(customerId: string, load: () => Promise<AddPaymentFormUrl>) {
  return queryOptions<AddPaymentFormUrl>({
    queryKey: manageAccountKeys.addPaymentForm(customerId),
    queryFn: () => load(),
  });
}

/**
 * The user's sign-ins (issue 34 §2): the user's, not a customer's, so outside the customer keys.
 * Loaded by the browser only (the account page's server render does not wait for it).
 */
export const accountSessionKeys = {
  all: ["account", "sessions"] as const,
};

/** The user's live sessions, last seen first. */
export function sessionsQuery(load: () => Promise<AccountSessionList>) {
  return queryOptions<AccountSessionList>({
    queryKey: accountSessionKeys.all,
    queryFn: () => load(),
  });
}
