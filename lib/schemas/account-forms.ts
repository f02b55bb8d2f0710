// What the browser sends to /api/account/** (spec 000 §3, docs/CONTRACT.md §6), as zod/mini
// schemas: the account forms validate with them (zodResolver) and the BFF handlers parse with them
// (parseJson). Loaded with the forms, never on the account page's first paint (lib/schemas/account.ts
// holds the types). Message keys beginning `account.` are of namespace `account`; the others of `common`.
import * as z from "zod/mini";
import { gatewayFamilies, isProviderToken } from "./account";
import { emailSchema, requiredString, validationKeys } from "./shared";

export { changePasswordDefaults, changePasswordSchema, type ChangePasswordInput } from "./auth";

// ——— Contact details ———

const NO_CONTROL_CHARS = /^[^\p{Cc}]*$/u;
const ZIP = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
const PHONE = /^\+?[\d ().-]{3,25}(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i;

/** Optional text as typed into a form: trimmed, blank read as null, bounded, no control characters. */
const optionalText = (max: number, pattern?: { re: RegExp; message: string }) =>
  z.pipe(
    z.nullish(
      z.string({ error: validationKeys.invalid }).check(
        z.trim(),
        z.maxLength(max, { error: validationKeys.invalid }),
        z.regex(NO_CONTROL_CHARS, { error: validationKeys.invalid }),
        z.refine((v) => v === "" || !pattern || pattern.re.test(v), {
          error: pattern?.message ?? validationKeys.invalid,
        }),
      ),
    ),
    z.transform((v: string | null | undefined) => (v ? v : null)),
  );

const requiredText = (max: number) =>
  requiredString(max, z.regex(NO_CONTROL_CHARS, { error: validationKeys.invalid }));

/** PUT /api/account/contact-details, and the form that edits them (first and last name and e-mail required). */
export const contactDetailsSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailSchema,
  phone: optionalText(30, { re: PHONE, message: "account.validation.phone" }),
  mobile: optionalText(30, { re: PHONE, message: "account.validation.phone" }),
  jobTitle: optionalText(100),
  department: optionalText(100),
  address1: optionalText(200),
  address2: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zip: optionalText(20, { re: ZIP, message: "account.validation.zip" }),
});
export type ContactDetailsInput = z.input<typeof contactDetailsSchema>;

/** PUT /api/account/auto-pay. */
export const autoPaySchema = z.object({ autoPay: z.boolean({ error: validationKeys.invalid }) });
export type AutoPayInput = z.output<typeof autoPaySchema>;

/**
 * POST /api/account/payment-methods: the add-payment payload of spec 000 §3, field for field.
 * `customer_id` is the BFF's to fill in from the session; provider tokens only (PCI DSS SAQ A).
 */
const boundedString = (min: number, max: number) =>
  z.string().check(z.minLength(min), z.maxLength(max));

export const addPaymentMethodSchema = z
  .strictObject({
    payment_method_id: boundedString(1, 255),
    paymentMethod: z.enum(["CC", "ACH"]),
    payment_type: z.enum(["Credit Card", "Bank Account"]),
    default: z.boolean(),
    type: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
    customer_id: z.optional(z.string().check(z.maxLength(100))),
    gateway_name: z.enum(gatewayFamilies),
    token: z.optional(boundedString(1, 255)),
  })
  .check(
    z.refine((v) => (v.paymentMethod === "CC") === (v.payment_type === "Credit Card"), {
      error: validationKeys.invalid,
      path: ["payment_type"],
    }),
    z.refine((v) => isProviderToken(v.gateway_name, v.payment_method_id), {
      error: validationKeys.invalid,
      path: ["payment_method_id"],
    }),
    z.refine((v) => v.token === undefined || isProviderToken(v.gateway_name, v.token), {
      error: validationKeys.invalid,
      path: ["token"],
    }),
  );
export type AddPaymentMethodPayload = z.output<typeof addPaymentMethodSchema>;

/** The id of a payment method in a BFF path (as the upstream issues them). */
export const paymentMethodIdSchema = boundedString(1, 255).check(z.regex(/^[A-Za-z0-9_-]+$/));

// ——— Add-payment forms of the providers ———

/** Stripe's bank form (spec 000 §3 "Bank form of the second gateway"); four fields required (§5). */
export const stripeBankFormSchema = z.object({
  account_holder_name: requiredString(100),
  account_holder_email: emailSchema,
  account_holder_type: z.enum(["individual", "company"]),
  routing_number: requiredString(9, z.regex(/^\d{9}$/, { error: "account.validation.routing" })),
  account_number: requiredString(
    17,
    z.regex(/^\d{4,17}$/, { error: "account.validation.account" }),
  ),
  country: z.string().check(z.regex(/^[A-Z]{2}$/, { error: validationKeys.required })),
});
export type StripeBankFormInput = z.input<typeof stripeBankFormSchema>;
/** Stripe's bank form at the start: an individual in the US. */
export const stripeBankFormDefaults: StripeBankFormInput = {
  account_holder_name: "",
  account_holder_email: "",
  account_holder_type: "individual",
  routing_number: "",
  account_number: "",
  country: "US",
};

/** The address fields of CardConnect's forms (spec 000 §3 "Address fields of the first gateway's forms"). */
export const cardConnectAddressSchema = z.object({
  account_holder_name: requiredString(100),
  address: requiredString(200),
  city: requiredString(100),
  postal: requiredString(20, z.regex(ZIP, { error: "account.validation.zip" })),
  country: z
    .string({ error: validationKeys.required })
    .check(z.regex(/^[A-Z]{2}$/, { error: validationKeys.required })),
});
export type CardConnectAddressInput = z.input<typeof cardConnectAddressSchema>;
/** CardConnect's address fields at the start (no country chosen). */
export const cardConnectAddressDefaults: CardConnectAddressInput = {
  account_holder_name: "",
  address: "",
  city: "",
  postal: "",
  country: "",
};
