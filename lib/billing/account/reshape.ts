import "server-only";
import type { z } from "zod";
import {
  gatewayFamily,
  type AchCreditDetails,
  type AddPaymentFormUrl,
  type ContactDetails,
  type ContactFields,
  type Gateway,
  type PaymentMethod,
  type PaymentMethodList,
} from "@/lib/schemas/account";
import { safeUpstreamUrl } from "@/lib/safe-url";
import { billingBaseUrl } from "@/lib/billing/client";
import { parseDto } from "@/lib/billing/dto";
import {
  achCreditDto,
  contactDetailsDto,
  formUrlDto,
  paymentMethodDto,
  paymentMethodListDto,
  type contactFieldsDto,
  type gatewayDto,
} from "./wire";

// Manage Account's reshapes (docs/CONTRACT.md §6): a /v1 answer, validated with its wire schema,
// into the app's own shape (lib/schemas/account.ts), so no /v1 DTO reaches a caller. A shape they
// do not understand is a 502 (parseDto).

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
