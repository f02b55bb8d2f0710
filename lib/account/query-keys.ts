// React Query keys of Manage Account (CONVENTIONS 10): one hierarchy under ["account", "manage"],
// per customer, so the server page and the browser build the same keys and hydration hits.

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
