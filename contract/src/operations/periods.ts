// The current period's estimate (docs/CONTRACT.md §7.3). Optional: a billing API without it
// answers 404 and the portal shows no "This period" card.
import { defineOperation } from "../operation";
import {
  customerPeriodEstimateDto,
  onePeriodEstimateDto,
  periodEstimateParams,
} from "../wire/periods";

export const getCustomerPeriodEstimate = defineOperation({
  id: "getCustomerPeriodEstimate",
  method: "get",
  path: "/v1/customers/period_estimate",
  tag: "periods",
  summary:
    "The current billing period of each of the selected customer's subscriptions, and totals",
  description:
    "Per subscription: the cycle, the cost so far, the projected total of the invoice that closes the cycle and the open credits that will apply to it (credits go to the earliest invoices first). Days are US Eastern.",
  auth: "bearer",
  data: customerPeriodEstimateDto,
  errors: [401, 404],
  optional: true,
});

export const getSubscriptionPeriodEstimate = defineOperation({
  id: "getSubscriptionPeriodEstimate",
  method: "get",
  path: "/v1/subscriptions/{id}/period_estimate",
  tag: "periods",
  summary: "The current billing period of one subscription; another customer's is a 404",
  auth: "bearer",
  pathParams: periodEstimateParams,
  data: onePeriodEstimateDto,
  errors: [401, 404],
  optional: true,
});
