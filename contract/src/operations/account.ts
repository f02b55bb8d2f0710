// Manage Account (docs/CONTRACT.md §6): every call acts on the bearer's selected customer; a user
// linked to no customer is refused 403 `forbidden` (all but changePassword and clear_cache).
import { defineOperation } from "../operation";
import {
  achCreditDetailsDto,
  addPaymentMethodBody,
  autoPayDto,
  contactDetailsBody,
  contactDetailsDto,
  formUrlDto,
  paymentMethodDto,
  paymentMethodListDto,
  paymentMethodParams,
  setDefaultBody,
  updateAutoPayBody,
} from "../wire/account";
import { changePasswordBody } from "../wire/auth";
import { successFlag } from "../wire/envelope";

export const getContactDetails = defineOperation({
  id: "getContactDetails",
  method: "get",
  path: "/v1/user/me/contactDetails",
  tag: "account",
  summary: "The selected customer's contact details, auto-pay and payment options",
  auth: "bearer",
  data: contactDetailsDto,
  errors: [401, 403, 404],
});

export const updateContactDetails = defineOperation({
  id: "updateContactDetails",
  method: "put",
  path: "/v1/user/me/contactDetails",
  tag: "account",
  summary: "Replace the contact details (all twelve fields; one left out is cleared)",
  description:
    "Our extension: spec 000 lists no update call. Answers what GET answers after the change. A body that is not JSON is 400 invalid_json.",
  auth: "bearer",
  body: contactDetailsBody,
  data: contactDetailsDto,
  errors: [400, 401, 403, 404, 422],
});

export const changePassword = defineOperation({
  id: "changePassword",
  method: "post",
  path: "/v1/user/me/changePassword",
  tag: "account",
  summary: "Replace the signed-in user's password; the user's other sessions end",
  description:
    "A wrong current password is 400 invalid_current_password (never a 401) and counts as a failed login: 5 in 15 minutes answer 429 with Retry-After.",
  auth: "bearer",
  body: changePasswordBody,
  data: successFlag,
  errors: [400, 401, 404, 422, 429],
});

export const updateAutoPay = defineOperation({
  id: "updateAutoPay",
  method: "post",
  path: "/v1/customers/updateAutoPay",
  tag: "account",
  summary: "Turn auto-pay on or off",
  description:
    "403 auto_pay_not_editable when edit_auto_pay is false; 400 payment_method_required to turn it on without a payment method.",
  auth: "bearer",
  body: updateAutoPayBody,
  data: autoPayDto,
  errors: [400, 401, 403, 404, 422],
});

export const listPaymentMethods = defineOperation({
  id: "listPaymentMethods",
  method: "get",
  path: "/v1/paymentMethods",
  tag: "payment methods",
  summary: "The saved payment methods (oldest first) and the company's gateway setup",
  auth: "bearer",
  data: paymentMethodListDto,
  errors: [401, 403, 404],
});

export const addPaymentMethod = defineOperation({
  id: "addPaymentMethod",
  method: "post",
  path: "/v1/paymentMethods",
  tag: "payment methods",
  summary: "Save a card or bank account tokenized by the payment provider",
  description:
    "Refusals (400), checked in this order: raw_account_number (anything that looks like a card or bank account number, in any field), then the body's shape (422), gateway_mismatch, customer_mismatch, payment_method_disabled, invalid_payment_token, card_brand_mismatch, card_brand_not_allowed, expired_card, duplicate_payment_method.",
  auth: "bearer",
  body: addPaymentMethodBody,
  data: paymentMethodDto,
  errors: [400, 401, 403, 404, 422],
});

export const setDefaultPaymentMethod = defineOperation({
  id: "setDefaultPaymentMethod",
  method: "put",
  path: "/v1/paymentMethods/{id}/setDefault",
  tag: "payment methods",
  summary: "Make a payment method the default",
  description: "The body's id, when sent, must equal the path's (400 id_mismatch).",
  auth: "bearer",
  pathParams: paymentMethodParams,
  body: setDefaultBody,
  data: paymentMethodDto,
  errors: [400, 401, 403, 404, 422],
});

export const deletePaymentMethod = defineOperation({
  id: "deletePaymentMethod",
  method: "delete",
  path: "/v1/paymentMethods/{id}",
  tag: "payment methods",
  summary: "Delete a payment method",
  description:
    "400 last_payment_method for the only method while auto-pay is on. A deleted default is not replaced.",
  auth: "bearer",
  pathParams: paymentMethodParams,
  data: successFlag,
  errors: [400, 401, 403, 404],
});

export const getAchCreditDetails = defineOperation({
  id: "getAchCreditDetails",
  method: "get",
  path: "/v1/paymentMethods/getAchCreditDetails",
  tag: "payment methods",
  summary: "The bank details the customer sends transfers to",
  description: "404 not_found when the customer has none: the portal hides the section.",
  auth: "bearer",
  data: achCreditDetailsDto,
  errors: [401, 403, 404],
  optional: true,
});

export const getAddPaymentMethodFormUrl = defineOperation({
  id: "getAddPaymentMethodFormUrl",
  method: "get",
  path: "/v1/paymentMethods/getAddPaymentMethodFormUrl",
  tag: "payment methods",
  summary:
    "The hosted add-payment page (signed, expiring), or null when the company takes no cards",
  auth: "bearer",
  data: formUrlDto,
  errors: [401, 403, 404],
});

export const clearCache = defineOperation({
  id: "clearCache",
  method: "post",
  path: "/v1/cache/clear_cache",
  tag: "account",
  summary: "Acknowledge a cache clear (the body is ignored)",
  auth: "bearer",
  data: successFlag,
  errors: [401],
});
