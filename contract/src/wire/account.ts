// Manage Account (docs/CONTRACT.md §6): contact details, auto-pay, payment methods and the
// gateway setup the add dialog needs.
import { z } from "zod";
import { PAYMENT_METHOD_STATUSES } from "../enums";
import { wireId, wireInstant } from "./envelope";
import { named } from "./named";

export const CONTACT_FIELDS = [
  "first_name",
  "last_name",
  "address1",
  "address2",
  "city",
  "state",
  "zip",
  "phone",
  "mobile",
  "email",
  "job_title",
  "department",
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string | null>;

// ——— Answers ———

const contactText = z.string().max(500).nullable();

export const paymentOptionsDto = named(
  "PaymentOptions",
  z.looseObject({
    ach_enabled: z.boolean(),
    credit_enabled: z.boolean(),
    ach_credit_enabled: z.boolean(),
    affirm_enabled: z.boolean(),
  }),
);
export type PaymentOptionsDto = z.output<typeof paymentOptionsDto>;

export const contactDetailsDto = named(
  "ContactDetails",
  z.looseObject({
    ...(Object.fromEntries(CONTACT_FIELDS.map((f) => [f, contactText])) as Record<
      ContactField,
      typeof contactText
    >),
    auto_pay: z.boolean(),
    edit_auto_pay: z.boolean().meta({ description: "false: auto-pay is shown, not switchable" }),
    payment_options: paymentOptionsDto,
  }),
);
export type ContactDetailsDto = z.output<typeof contactDetailsDto>;

export const autoPayDto = named("AutoPay", z.looseObject({ auto_pay: z.boolean() }));
export type AutoPayDto = z.output<typeof autoPayDto>;

export const gatewayDto = named(
  "Gateway",
  z.looseObject({
    name: z
      .string()
      .min(1)
      .max(100)
      .meta({ description: '"stripe" or "cardconnect-test": the gateway is the part before "-"' }),
    gateway_configuration: z.looseObject({
      site: z.string().max(100).nullable(),
      accept_cvv: z.boolean(),
    }),
    test_enabled: z
      .enum(["true", "false"])
      .meta({ description: "a string, as the spec compares it" }),
    allowed_cards: z.array(z.string().max(40)),
    api_key: z.string().max(500).nullable(),
    account_id: z.string().max(200).nullable(),
    ach_enabled: z.boolean(),
    cc_enabled: z.boolean(),
  }),
);
export type GatewayDto = z.output<typeof gatewayDto>;

export const paymentMethodDto = named(
  "PaymentMethod",
  z.looseObject({
    id: wireId,
    type: z
      .string()
      .min(1)
      .max(100)
      .meta({ description: 'A card brand, "ECHK" or the bank\'s name' }),
    account_number: z.string().max(64).meta({ description: 'Masked: "****4242"' }),
    status: z.enum(PAYMENT_METHOD_STATUSES),
    verify_url: z.string().max(4096).nullable(),
    payment_method_type: z.string().max(64),
    payment_type: z.string().max(64),
    default: z.boolean(),
    setup_intent_id: z.string().max(255).nullable(),
    payment_intent_id: z.string().max(255).nullable(),
    exp_month: z.int().min(1).max(12).nullable(),
    exp_year: z.int().nullable(),
    created_at: wireInstant,
  }),
);
export type PaymentMethodDto = z.output<typeof paymentMethodDto>;

export const paymentMethodListDto = named(
  "PaymentMethodList",
  z.looseObject({ paymentMethods: z.array(paymentMethodDto), gateway: gatewayDto }),
);
export type PaymentMethodListDto = z.output<typeof paymentMethodListDto>;

export const achCreditDetailsDto = named(
  "AchCreditDetails",
  z.looseObject({
    account_number: z.string().max(64),
    routing_number: z.string().max(64),
    swift_code: z.string().max(64).nullable(),
    bank_name: z.string().max(200),
    cash_balance: z.number(),
  }),
);
export type AchCreditDetailsDto = z.output<typeof achCreditDetailsDto>;

export const formUrlDto = named(
  "AddPaymentMethodForm",
  z.looseObject({ formUrl: z.string().max(4096).nullable() }),
);
export type AddPaymentMethodFormDto = z.output<typeof formUrlDto>;

// ——— Requests ———

const NO_CONTROL_CHARS = /^[^\p{Cc}]*$/u;

/** Trimmed text of at most `max` characters; absent, null and blank read as null. */
const optionalText = (name: string, max: number, pattern?: { re: RegExp; message: string }) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string({ error: `${name} must be text` })
      .trim()
      .max(max, { error: `${name} must be at most ${max} characters` })
      .regex(NO_CONTROL_CHARS, { error: `${name} must not contain control characters` })
      .refine((v) => !pattern || pattern.re.test(v), { error: pattern?.message ?? "" })
      .nullish()
      .transform((v) => v ?? null),
  );

const requiredText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} must be at most ${max} characters` })
    .regex(NO_CONTROL_CHARS, { error: `${name} must not contain control characters` });

const PHONE = {
  re: /^\+?[\d ().-]{3,25}(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i,
  message: "must be a phone number",
};

/**
 * PUT body: the whole set of contact fields (a field left out is cleared). first_name, last_name
 * and email are required; other fields in the body (auto_pay, payment_options) are ignored.
 */
export const contactDetailsBody = z.object({
  first_name: requiredText("first_name", 100),
  last_name: requiredText("last_name", 100),
  address1: optionalText("address1", 200),
  address2: optionalText("address2", 200),
  city: optionalText("city", 100),
  state: optionalText("state", 100),
  zip: optionalText("zip", 20, {
    re: /^[A-Za-z0-9][A-Za-z0-9 -]*$/,
    message: "zip must be letters, digits, spaces or dashes",
  }),
  phone: optionalText("phone", 30, { ...PHONE, message: `phone ${PHONE.message}` }),
  mobile: optionalText("mobile", 30, { ...PHONE, message: `mobile ${PHONE.message}` }),
  email: requiredText("email", 254).pipe(z.email({ error: "Invalid email" })),
  job_title: optionalText("job_title", 100),
  department: optionalText("department", 100),
}) satisfies z.ZodType<ContactValues>;

export const updateAutoPayBody = z.object({
  auto_pay: z.boolean({ error: "auto_pay must be true or false" }),
});

export const paymentMethodParams = z.object({
  id: z.string().min(1).meta({
    description:
      "The method's id; seti_… names the method of that setup intent, pi_… of that payment intent",
  }),
});

export const setDefaultBody = z.object({
  id: z.union([z.string().max(255), z.number().transform(String)]).optional(),
});

const providerToken = z
  .string({ error: "must be a provider token" })
  .trim()
  .min(1, { error: "must be a provider token" })
  .max(255, { error: "is too long" })
  .regex(/^[A-Za-z0-9_.:-]+$/, { error: "must be a provider token" });

/** POST /v1/paymentMethods body (spec 000 §3): provider tokens only. */
export const addPaymentMethodBody = z
  .object({
    payment_method_id: providerToken.optional(),
    paymentMethod: z.enum(["CC", "ACH"], { error: "paymentMethod must be CC or ACH" }),
    payment_type: z.enum(["Credit Card", "Bank Account"], {
      error: "payment_type must be 'Credit Card' or 'Bank Account'",
    }),
    default: z.boolean({ error: "default must be true or false" }).default(false),
    type: z.string().trim().max(40).optional(),
    customer_id: z
      .union([z.string().trim().max(100), z.number().int().transform(String)])
      .optional(),
    gateway_name: z
      .string({ error: "gateway_name is required" })
      .trim()
      .min(1, { error: "gateway_name is required" })
      .max(40),
    token: providerToken.optional(),
  })
  .refine((v) => v.payment_method_id || v.token, {
    error: "payment_method_id or token is required",
    path: ["payment_method_id"],
  })
  .refine((v) => (v.paymentMethod === "CC") === (v.payment_type === "Credit Card"), {
    error: "payment_type does not match paymentMethod",
    path: ["payment_type"],
  });
