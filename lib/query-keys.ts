/**
 * Hierarchical query keys: invalidate by prefix (`customerKeys.all`); switching customer clears
 * the whole cache, so no key list has to be kept by hand.
 */
export const sessionKeys = {
  all: ["session"] as const,
};

export const customerKeys = {
  all: ["customers"] as const,
  list: () => [...customerKeys.all, "list"] as const,
};

export const accountKeys = {
  all: ["account"] as const,
  contactDetails: () => [...accountKeys.all, "contact-details"] as const,
  paymentMethods: () => [...accountKeys.all, "payment-methods"] as const,
};
