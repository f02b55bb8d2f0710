import type { Actor } from "../activity/record";

/** Whose account a call acts on: the bearer's selected customer, within the bearer's company. */
export type AccountScope = {
  companyId: string;
  /** The selected customer's id (customers.id, e.g. `cus_acme_1001`). */
  customerId: string;
  /** Who acts: the activity log names them (sandbox/README.md "Activity"). */
  actor: Actor;
};

/** Database timestamps as ISO strings (both drivers return timestamptz as Date). */
export const isoTime = (value: Date | string): string => new Date(value).toISOString();
