import "server-only";
import type { z } from "zod";
import type {
  AchCreditDetails,
  AddPaymentFormUrl,
  AddPaymentMethodPayload,
  ContactDetails,
  ContactFields,
  PaymentMethod,
  PaymentMethodList,
} from "@/lib/schemas/account";
import { billingRequest } from "@/lib/billing/client";
import { parseDto } from "@/lib/billing/dto";
import {
  reshapeAchCreditDetails,
  reshapeAddPaymentFormUrl,
  reshapeContactDetails,
  reshapePaymentMethod,
  reshapePaymentMethodList,
} from "./reshape";
import { autoPayDto, type contactFieldsDto } from "./wire";

// The /v1 calls of Manage Account (docs/CONTRACT.md §6). Each takes the access token (and the
// browser's IP) from its caller, a BFF handler's `authed` or a page's `callForPage`, and hands back
// the app's own shapes: the wire schemas (wire.ts) and reshapes (reshape.ts) stay inside this
// folder.

// The reshapes were this module's exports before the split; they stay importable from here.
export {
  reshapeAchCreditDetails,
  reshapeAddPaymentFormUrl,
  reshapeContactDetails,
  reshapePaymentMethod,
  reshapePaymentMethodList,
} from "./reshape";

type Caller = { accessToken: string; clientIp?: string };

/** ContactFields → the upstream's PUT body (all twelve fields; null clears one). */
function toContactDto(fields: ContactFields): z.input<typeof contactFieldsDto> {
  return {
    first_name: fields.firstName,
    last_name: fields.lastName,
    address1: fields.address1,
    address2: fields.address2,
    city: fields.city,
    state: fields.state,
    zip: fields.zip,
    phone: fields.phone,
    mobile: fields.mobile,
    email: fields.email,
    job_title: fields.jobTitle,
    department: fields.department,
  };
}

/** GET /v1/user/me/contactDetails */
export async function requestContactDetails(caller: Caller): Promise<ContactDetails> {
  return reshapeContactDetails(await billingRequest<unknown>("/v1/user/me/contactDetails", caller));
}

/** PUT /v1/user/me/contactDetails (the sandbox's extension): what GET answers afterwards. */
export async function updateContactDetails(
  caller: Caller,
  fields: ContactFields,
): Promise<ContactDetails> {
  const data = await billingRequest<unknown>("/v1/user/me/contactDetails", {
    ...caller,
    method: "PUT",
    body: toContactDto(fields),
  });
  return reshapeContactDetails(data);
}

/** POST /v1/user/me/changePassword; a wrong current password is a 400 invalid_current_password. */
export async function changePassword(
  caller: Caller,
  body: { currentPassword: string; password: string; passwordConfirmation: string },
): Promise<void> {
  await billingRequest<unknown>("/v1/user/me/changePassword", { ...caller, method: "POST", body });
}

/** POST /v1/customers/updateAutoPay {auto_pay}; answers the stored setting. */
export async function updateAutoPay(caller: Caller, autoPay: boolean): Promise<boolean> {
  const data = await billingRequest<unknown>("/v1/customers/updateAutoPay", {
    ...caller,
    method: "POST",
    body: { auto_pay: autoPay },
  });
  return parseDto(autoPayDto, data, "auto-pay").auto_pay;
}

/** GET /v1/paymentMethods */
export async function requestPaymentMethods(caller: Caller): Promise<PaymentMethodList> {
  return reshapePaymentMethodList(await billingRequest<unknown>("/v1/paymentMethods", caller));
}

/** POST /v1/paymentMethods with the spec's payload; the new method. */
export async function addPaymentMethod(
  caller: Caller,
  payload: AddPaymentMethodPayload,
): Promise<PaymentMethod> {
  const data = await billingRequest<unknown>("/v1/paymentMethods", {
    ...caller,
    method: "POST",
    body: payload,
  });
  return reshapePaymentMethod(data);
}

/** PUT /v1/paymentMethods/{id}/setDefault {id}; the method, now the default. */
export async function setDefaultPaymentMethod(caller: Caller, id: string): Promise<PaymentMethod> {
  const data = await billingRequest<unknown>(
    `/v1/paymentMethods/${encodeURIComponent(id)}/setDefault`,
    { ...caller, method: "PUT", body: { id } },
  );
  return reshapePaymentMethod(data);
}

/** DELETE /v1/paymentMethods/{id} (seti_… and pi_… ids name the method by its intent). */
export async function deletePaymentMethod(caller: Caller, id: string): Promise<void> {
  await billingRequest<unknown>(`/v1/paymentMethods/${encodeURIComponent(id)}`, {
    ...caller,
    method: "DELETE",
  });
}

/** GET /v1/paymentMethods/getAchCreditDetails; 404 when the customer has none. */
export async function requestAchCreditDetails(caller: Caller): Promise<AchCreditDetails> {
  return reshapeAchCreditDetails(
    await billingRequest<unknown>("/v1/paymentMethods/getAchCreditDetails", caller),
  );
}

/** GET /v1/paymentMethods/getAddPaymentMethodFormUrl */
export async function requestAddPaymentFormUrl(caller: Caller): Promise<AddPaymentFormUrl> {
  return reshapeAddPaymentFormUrl(
    await billingRequest<unknown>("/v1/paymentMethods/getAddPaymentMethodFormUrl", caller),
  );
}

/** POST /v1/cache/clear_cache */
export async function clearCache(caller: Caller): Promise<void> {
  await billingRequest<unknown>("/v1/cache/clear_cache", { ...caller, method: "POST", body: {} });
}
