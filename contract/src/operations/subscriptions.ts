// Subscriptions and the plan catalogue (docs/CONTRACT.md §7.1): every call acts on the bearer's
// selected customer; another customer's subscription is a 404 as if it did not exist. Refusals are
// 400 invalid_request with a message written for the customer.
import { defineOperation } from "../operation";
import {
  acceptOfferBody,
  cancelBody,
  cancelDateDto,
  cancelDateQuery,
  cancelPreviewDto,
  changeBody,
  changedSubscriptionDto,
  changePreviewDto,
  offerParams,
  onePlanDto,
  oneSubscriptionDto,
  planPageDto,
  planParams,
  pauseBody,
  pausePreviewDto,
  pauseQuery,
  planQuery,
  reactivateBody,
  reactivatePreviewDto,
  resumeBody,
  resumePreviewDto,
  retentionOffersDto,
  subscriptionListDto,
  subscriptionListQuery,
  subscriptionParams,
  updateBody,
} from "../wire/subscriptions";

export const listSubscriptions = defineOperation({
  id: "listSubscriptions",
  method: "get",
  path: "/v1/subscriptions",
  tag: "subscriptions",
  summary: "The selected customer's subscriptions, oldest first",
  description:
    "filter_options[subscriptions][0][status]=active|cancelled|draft narrows them (absent: all).",
  auth: "bearer",
  query: subscriptionListQuery,
  filterOptions: true,
  data: subscriptionListDto,
  errors: [400, 401, 404],
});

export const updateSubscription = defineOperation({
  id: "updateSubscription",
  method: "put",
  path: "/v1/subscriptions/{id}",
  tag: "subscriptions",
  summary: "Edit a subscription's editable fields",
  auth: "bearer",
  pathParams: subscriptionParams,
  body: updateBody,
  data: oneSubscriptionDto,
  errors: [400, 401, 404, 422],
});

export const previewSubscriptionChange = defineOperation({
  id: "previewSubscriptionChange",
  method: "put",
  path: "/v1/subscriptions/{id}/change_preview",
  tag: "subscriptions",
  summary: "What a change would invoice, without making it (writes nothing)",
  auth: "bearer",
  pathParams: subscriptionParams,
  body: changeBody,
  data: changePreviewDto,
  errors: [400, 401, 404, 422],
});

export const changeSubscription = defineOperation({
  id: "changeSubscription",
  method: "put",
  path: "/v1/subscriptions/{id}/change",
  tag: "subscriptions",
  summary: "Change quantities, fields and plans; answers the subscription and what was invoiced",
  auth: "bearer",
  pathParams: subscriptionParams,
  body: changeBody,
  data: changedSubscriptionDto,
  errors: [400, 401, 404, 422],
});

export const getCancelDate = defineOperation({
  id: "getCancelDate",
  method: "get",
  path: "/v1/subscriptions/{id}/cancel_date",
  tag: "subscriptions",
  summary: "The effective date of a cancellation of this type",
  description:
    "cancellation_type: today, end_of_current_billing_period, end_of_previous_billing_period, end_of_current_contract_term or specific_date (with cancellation_date).",
  auth: "bearer",
  pathParams: subscriptionParams,
  query: cancelDateQuery,
  data: cancelDateDto,
  errors: [400, 401, 404, 422],
});

export const getCancelPreview = defineOperation({
  id: "getCancelPreview",
  method: "get",
  path: "/v1/subscriptions/{id}/cancel_preview",
  tag: "subscriptions",
  summary: "A cancellation's last active day and the last bill it leaves (writes nothing)",
  description:
    'The query of cancel_date. The final document is priced by the engine that issues it (sandbox/README.md "Cancellation: the last bill").',
  auth: "bearer",
  pathParams: subscriptionParams,
  query: cancelDateQuery,
  data: cancelPreviewDto,
  errors: [400, 401, 404, 422],
});

export const cancelSubscription = defineOperation({
  id: "cancelSubscription",
  method: "put",
  path: "/v1/subscriptions/{id}/cancel",
  tag: "subscriptions",
  summary: "Cancel from an effective date",
  auth: "bearer",
  pathParams: subscriptionParams,
  body: cancelBody,
  data: oneSubscriptionDto,
  errors: [400, 401, 404, 422],
});

export const reactivateSubscription = defineOperation({
  id: "reactivateSubscription",
  method: "put",
  path: "/v1/subscriptions/{id}/reactivate",
  tag: "subscriptions",
  summary: "Reactivate a cancelled subscription",
  auth: "bearer",
  pathParams: subscriptionParams,
  body: reactivateBody,
  data: oneSubscriptionDto,
  errors: [400, 401, 404, 422],
});

export const getReactivatePreview = defineOperation({
  id: "getReactivatePreview",
  method: "get",
  path: "/v1/subscriptions/{id}/reactivate_preview",
  tag: "subscriptions",
  summary: "What reactivating a cancelled subscription charges now, and when it bills next",
  auth: "bearer",
  pathParams: subscriptionParams,
  data: reactivatePreviewDto,
  errors: [400, 401, 404],
});

export const listPlans = defineOperation({
  id: "listPlans",
  method: "get",
  path: "/v1/plans",
  tag: "plans",
  summary: "One page of the company's plan catalogue and how many plans match",
  description: "filter_options[plans][n][plan_id|plan_name|plan_status] (+ [op]) as the lists.",
  auth: "bearer",
  query: planQuery,
  filterOptions: true,
  data: planPageDto,
  errors: [400, 401, 404, 422],
});

export const getPlan = defineOperation({
  id: "getPlan",
  method: "get",
  path: "/v1/plans/{id}",
  tag: "plans",
  summary: "One plan of the company's catalogue; another company's is a 404",
  auth: "bearer",
  pathParams: planParams,
  data: onePlanDto,
  errors: [401, 404],
});

export const getPausePreview = defineOperation({
  id: "getPausePreview",
  method: "get",
  path: "/v1/subscriptions/{id}/pause_preview",
  tag: "subscriptions",
  summary: "When a pause of so many cycles would begin and end, and what it bills (writes nothing)",
  description:
    'Optional: a company that does not allow pausing (no subscriptions.pause in its portal configuration) answers 400. sandbox/README.md "Pause and resume".',
  auth: "bearer",
  pathParams: subscriptionParams,
  query: pauseQuery,
  data: pausePreviewDto,
  errors: [400, 401, 404, 422],
});

export const pauseSubscription = defineOperation({
  id: "pauseSubscription",
  method: "put",
  path: "/v1/subscriptions/{id}/pause",
  tag: "subscriptions",
  summary: "Pause from the end of the current billing cycle for so many cycles",
  description:
    "Refused (400): cycles out of range, a company that does not allow pausing, a subscription that is not active or is paused already (or a pause is set).",
  auth: "bearer",
  pathParams: subscriptionParams,
  body: pauseBody,
  data: oneSubscriptionDto,
  errors: [400, 401, 404, 422],
});

export const getResumePreview = defineOperation({
  id: "getResumePreview",
  method: "get",
  path: "/v1/subscriptions/{id}/resume_preview",
  tag: "subscriptions",
  summary: "What resuming a paused subscription now charges, and when it bills next",
  auth: "bearer",
  pathParams: subscriptionParams,
  data: resumePreviewDto,
  errors: [400, 401, 404],
});

export const resumeSubscription = defineOperation({
  id: "resumeSubscription",
  method: "put",
  path: "/v1/subscriptions/{id}/resume",
  tag: "subscriptions",
  summary: "Resume a paused subscription now, or call off a pause that has not begun",
  auth: "bearer",
  pathParams: subscriptionParams,
  body: resumeBody,
  data: oneSubscriptionDto,
  errors: [400, 401, 404, 422],
});

export const listRetentionOffers = defineOperation({
  id: "listRetentionOffers",
  method: "get",
  path: "/v1/subscriptions/{id}/retention_offers",
  tag: "subscriptions",
  summary: "The offers the company makes a customer about to cancel this subscription",
  description:
    "In the company's order; those that do not apply (no cheaper plan, pausing not possible) and those accepted before are left out.",
  auth: "bearer",
  pathParams: subscriptionParams,
  data: retentionOffersDto,
  errors: [400, 401, 404],
});

export const acceptRetentionOffer = defineOperation({
  id: "acceptRetentionOffer",
  method: "put",
  path: "/v1/subscriptions/{id}/retention_offers/{offer_id}/accept",
  tag: "subscriptions",
  summary: "Accept an offer: the pause, the plan change or the discount it names",
  description: "Refused (400): an offer accepted before, or one not offered to this subscription.",
  auth: "bearer",
  pathParams: offerParams,
  body: acceptOfferBody,
  data: oneSubscriptionDto,
  errors: [400, 401, 404, 422],
});
