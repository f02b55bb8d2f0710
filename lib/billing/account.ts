import "server-only";
import { z } from "zod";
import {
  gatewayFamily,
  paymentMethodStatuses,
  type AchCreditDetails,
  type AddPaymentFormUrl,
  type AddPaymentMethodPayload,
  type ContactDetails,
  type ContactFields,
  type Gateway,
  type PaymentMethod,
  type PaymentMethodList,
} from "@/lib/schemas/account";
import { safeUpstreamUrl } from "@/lib/safe-url";
import { billingBaseUrl, billingRequest } from "./client";
import { parseDto } from "./dto";

// The /v1 calls of Manage Account (docs/CONTRACT.md §6). Each takes the access token (and the
// browser's IP) from its caller, a BFF handler's `authed` or a page's `callForPage`, and hands back
// the app's own shapes: no /v1 DTO leaves this module.

type Caller = { accessToken: string; clientIp?: string };

const text = (max: number) => z.string().max(max);
const nullableText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => v ?? null);
const id = z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(255));
const flag = z
  .boolean()
  .nullish()
  .transform((v) => v ?? false);
const decimal = z.union([
  z.number(),
  z
    .string()
    .regex(/^\s*-?\d+(\.\d+)?\s*$/)
    .transform(Number),
]);

const contactFieldsDto = z.object({
  first_name: nullableText(200),
  last_name: nullableText(200),
  address1: nullableText(500),
  address2: nullableText(500),
  city: nullableText(200),
  state: nullableText(200),
  zip: nullableText(50),
  phone: nullableText(50),
  mobile: nullableText(50),
  email: nullableText(320),
  job_title: nullableText(200),
  department: nullableText(200),
});
const contactDetailsDto = contactFieldsDto.extend({
  auto_pay: flag,
  edit_auto_pay: flag,
  payment_options: z
    .object({
      ach_enabled: flag,
      credit_enabled: flag,
      ach_credit_enabled: flag,
      affirm_enabled: flag,
    })
    .nullish()
    .transform(
      (v) =>
        v ?? {
          ach_enabled: false,
          credit_enabled: false,
          ach_credit_enabled: false,
          affirm_enabled: false,
        },
    ),
});

const gatewayDto = z.object({
  name: text(100),
  gateway_configuration: z
    .object({ site: nullableText(100), accept_cvv: flag })
    .nullish()
    .transform((v) => v ?? { site: null, accept_cvv: false }),
  test_enabled: z.union([z.string().max(20), z.boolean()]).nullish(),
  allowed_cards: z
    .array(text(40))
    .max(50)
    .nullish()
    .transform((v) => v ?? []),
  api_key: nullableText(500),
  account_id: nullableText(200),
  ach_enabled: flag,
  cc_enabled: flag,
});

const paymentMethodDto = z.object({
  id,
  type: text(100),
  account_number: text(64),
  status: z.enum(paymentMethodStatuses),
  verify_url: nullableText(4096),
  payment_method_type: nullableText(64),
  payment_type: nullableText(64),
  default: flag,
  setup_intent_id: nullableText(255),
  payment_intent_id: nullableText(255),
  exp_month: z.number().int().nullish(),
  exp_year: z.number().int().nullish(),
});

const paymentMethodListDto = z.object({
  paymentMethods: z.array(paymentMethodDto).max(500),
  gateway: gatewayDto,
});

const achCreditDto = z.object({
  account_number: text(64),
  routing_number: text(64),
  swift_code: nullableText(64),
  bank_name: text(200),
  cash_balance: decimal,
});

const formUrlDto = z.object({ formUrl: nullableText(4096) });

/** The origin whose URLs (hosted verification and add-payment pages) may be linked besides https ones. */
function apiOrigin(): string {
  return new URL(billingBaseUrl()).origin;
}

function reshapeContactFields(dto: z.output<typeof contactFieldsDto>): ContactFields {
  return {
    firstName: dto.first_name,
    lastName: dto.last_name,
    email: dto.email,
    phone: dto.phone,
    mobile: dto.mobile,
    jobTitle: dto.job_title,
    department: dto.department,
    address1: dto.address1,
    address2: dto.address2,
    city: dto.city,
    state: dto.state,
    zip: dto.zip,
  };
}

/** GET /v1/user/me/contactDetails `data` → ContactDetails. */
export function reshapeContactDetails(data: unknown): ContactDetails {
  const dto = parseDto(contactDetailsDto, data, "contact details");
  return {
    ...reshapeContactFields(dto),
    autoPay: dto.auto_pay,
    editAutoPay: dto.edit_auto_pay,
    paymentOptions: {
      achEnabled: dto.payment_options.ach_enabled,
      creditEnabled: dto.payment_options.credit_enabled,
      achCreditEnabled: dto.payment_options.ach_credit_enabled,
      affirmEnabled: dto.payment_options.affirm_enabled,
    },
  };
}

function reshapeGateway(dto: z.output<typeof gatewayDto>): Gateway {
  const family = gatewayFamily(dto.name);
  return {
    name: dto.name,
    family,
    site: family === "cardconnect" ? dto.gateway_configuration.site || "fts" : null,
    acceptCvv: dto.gateway_configuration.accept_cvv,
    // The spec compares the string: "true" is test mode, anything else live.
    testMode: String(dto.test_enabled ?? "") === "true",
    allowedCards: dto.allowed_cards.map((brand) => brand.trim().toLowerCase()),
    apiKey: dto.api_key,
    accountId: dto.account_id,
    achEnabled: dto.ach_enabled,
    ccEnabled: dto.cc_enabled,
  };
}

function reshapeMethod(dto: z.output<typeof paymentMethodDto>, origin: string): PaymentMethod {
  return {
    id: dto.id,
    type: dto.type,
    accountNumber: dto.account_number,
    status: dto.status,
    verifyUrl: safeUpstreamUrl(dto.verify_url, origin),
    paymentMethodType: dto.payment_method_type ?? "",
    paymentType: dto.payment_type ?? "",
    isDefault: dto.default,
    setupIntentId: dto.setup_intent_id,
    paymentIntentId: dto.payment_intent_id,
    expMonth: dto.exp_month ?? null,
    expYear: dto.exp_year ?? null,
  };
}

/** One payment method's `data` → PaymentMethod. */
export function reshapePaymentMethod(data: unknown, origin = apiOrigin()): PaymentMethod {
  return reshapeMethod(parseDto(paymentMethodDto, data, "payment method"), origin);
}

/** GET /v1/paymentMethods `data` → the list with the gateway setup. */
export function reshapePaymentMethodList(data: unknown, origin = apiOrigin()): PaymentMethodList {
  const dto = parseDto(paymentMethodListDto, data, "payment methods");
  return {
    paymentMethods: dto.paymentMethods.map((m) => reshapeMethod(m, origin)),
    gateway: reshapeGateway(dto.gateway),
  };
}

/** GET /v1/paymentMethods/getAchCreditDetails `data` → AchCreditDetails. */
export function reshapeAchCreditDetails(data: unknown): AchCreditDetails {
  const dto = parseDto(achCreditDto, data, "bank-transfer details");
  return {
    accountNumber: dto.account_number,
    routingNumber: dto.routing_number,
    swiftCode: dto.swift_code,
    bankName: dto.bank_name,
    cashBalance: dto.cash_balance,
  };
}

/** GET /v1/paymentMethods/getAddPaymentMethodFormUrl `data` → the link, kept only when safe. */
export function reshapeAddPaymentFormUrl(data: unknown, origin = apiOrigin()): AddPaymentFormUrl {
  return { url: safeUpstreamUrl(parseDto(formUrlDto, data, "form URL").formUrl, origin) };
}

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
  return parseDto(z.object({ auto_pay: z.boolean() }), data, "auto-pay").auto_pay;
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
