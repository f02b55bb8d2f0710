// Alerts the customer sets (docs/CONTRACT.md §7.4). Optional: a billing API without them answers
// 404 and the portal hides the section and the banner. Refusals are 400 invalid_request with a
// message for the customer; a malformed body is 422 validation.
import { defineOperation } from "../operation";
import {
  alertConfirmBody,
  alertConfirmedDto,
  alertIdParams,
  alertMeBody,
  alertRecipientBody,
  alertSettingsDto,
  alertThresholdBody,
  oneAlertRecipientDto,
  oneAlertThresholdDto,
} from "../wire/alerts";
import { successFlag } from "../wire/envelope";

const base = { tag: "alerts", auth: "bearer", optional: true } as const;

export const getAlerts = defineOperation({
  ...base,
  id: "getAlerts",
  method: "get",
  path: "/v1/alerts",
  summary: "The selected customer's thresholds, recipients and what fired",
  data: alertSettingsDto,
  errors: [401, 404],
});

export const addAlertThreshold = defineOperation({
  ...base,
  id: "addAlertThreshold",
  method: "post",
  path: "/v1/alerts/thresholds",
  summary: "Add a threshold (at most five, no two alike) in the customer's currency",
  body: alertThresholdBody,
  data: oneAlertThresholdDto,
  errors: [400, 401, 404, 422],
});

export const removeAlertThreshold = defineOperation({
  ...base,
  id: "removeAlertThreshold",
  method: "delete",
  path: "/v1/alerts/thresholds/{id}",
  summary: "Remove a threshold; another customer's is a 404",
  pathParams: alertIdParams,
  data: successFlag,
  errors: [401, 404],
});

export const setAlertsForMe = defineOperation({
  ...base,
  id: "setAlertsForMe",
  method: "put",
  path: "/v1/alerts/me",
  summary: "Whether the bearer receives the customer's alerts (no confirmation: a portal user)",
  body: alertMeBody,
  data: oneAlertRecipientDto,
  errors: [401, 404, 422],
});

export const addAlertRecipient = defineOperation({
  ...base,
  id: "addAlertRecipient",
  method: "post",
  path: "/v1/alerts/recipients",
  summary:
    "Add an address (at most five): it gets a confirmation link, and nothing else until confirmed",
  body: alertRecipientBody,
  data: oneAlertRecipientDto,
  errors: [400, 401, 404, 422],
});

export const removeAlertRecipient = defineOperation({
  ...base,
  id: "removeAlertRecipient",
  method: "delete",
  path: "/v1/alerts/recipients/{id}",
  summary: "Remove an address; another customer's is a 404",
  pathParams: alertIdParams,
  data: successFlag,
  errors: [401, 404],
});

export const confirmAlertRecipient = defineOperation({
  ...base,
  auth: "none",
  id: "confirmAlertRecipient",
  method: "post",
  path: "/v1/alerts/recipients/confirm",
  summary: "Confirm an address with its e-mailed token (once, within 7 days)",
  body: alertConfirmBody,
  data: alertConfirmedDto,
  errors: [400, 404, 422],
});

export const dismissAlertEvent = defineOperation({
  ...base,
  id: "dismissAlertEvent",
  method: "put",
  path: "/v1/alerts/events/{id}/dismiss",
  summary: "Dismiss an alert's banner for the bearer",
  pathParams: alertIdParams,
  data: successFlag,
  errors: [401, 404],
});
