// Manage Account (spec 000 §3, docs/CONTRACT.md §6): the app's own shapes of contact details,
// payment methods and the gateway setup. Plain types, constants and pure helpers, no schema
// library, so the account page's first paint carries no zod; the schemas of what the browser sends
// to /api/account/** (forms and bodies) are in lib/schemas/account-forms.ts.
import type { PaymentMethodStatus } from "@billing-portal/contract/enums";

export type {
  AddPaymentMethodPayload,
  AutoPayInput,
  CardConnectAddressInput,
  ChangePasswordInput,
  ContactDetailsInput,
  StripeBankFormInput,
} from "./account-forms";

// ——— Contact details ———

/** The twelve contact fields, in form order. */
export const contactFieldNames = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "mobile",
  "jobTitle",
  "department",
  "address1",
  "address2",
  "city",
  "state",
  "zip",
] as const;
export type ContactFieldName = (typeof contactFieldNames)[number];

/** Contact fields as the app holds them: absent values are null (a new customer may have none). */
export type ContactFields = Record<ContactFieldName, string | null>;
/** The form's values: every field a string. */
export type ContactFormValues = Record<ContactFieldName, string>;

/** Which payment options the customer has (spec 000 §3 payment_options). */
export type PaymentOptions = {
  achEnabled: boolean;
  creditEnabled: boolean;
  achCreditEnabled: boolean;
  affirmEnabled: boolean;
};

/** GET /api/account/contact-details: the contact fields with auto-pay and payment options. */
export type ContactDetails = ContactFields & {
  autoPay: boolean;
  /** Whether the customer may switch auto-pay; false: only its state is shown. */
  editAutoPay: boolean;
  paymentOptions: PaymentOptions;
};

/** The form's values for saved contact details (null → ""). */
export function toContactFormValues(details: ContactFields | null | undefined): ContactFormValues {
  const values = {} as ContactFormValues;
  for (const name of contactFieldNames) values[name] = details?.[name] ?? "";
  return values;
}

/** An empty contact form. */
export const contactFormDefaults: ContactFormValues = toContactFormValues(null);

// ——— Gateway and payment methods ———

/** The gateways the portal has forms for (spec 000 §9). */
export const gatewayFamilies = ["stripe", "cardconnect"] as const;
export type GatewayFamily = (typeof gatewayFamilies)[number];

/**
 * The gateway a setting names: the part before the first dash, lower-cased (spec 000 §9):
 * "cardconnect-test" → "cardconnect", "Stripe" → "stripe"; null for any other gateway.
 */
export function gatewayFamily(name: string | null | undefined): GatewayFamily | null {
  const head = (name ?? "").split("-")[0]?.trim().toLowerCase() ?? "";
  return (gatewayFamilies as readonly string[]).includes(head) ? (head as GatewayFamily) : null;
}

/** The company's gateway setup as the add dialog needs it (spec 000 §3 "Gateway setup"). */
export type Gateway = {
  /** The gateway setting as configured, e.g. "cardconnect-test". */
  name: string;
  family: GatewayFamily | null;
  /** CardConnect's site (default "fts"); null on stripe. */
  site: string | null;
  acceptCvv: boolean;
  /** test_enabled === "true". */
  testMode: boolean;
  /** Lower-case brand names: visa, mastercard, amex, dinersclub, discover, jcb, unionpay. */
  allowedCards: string[];
  /** Stripe's publishable key and connected account. */
  apiKey: string | null;
  accountId: string | null;
  achEnabled: boolean;
  ccEnabled: boolean;
};

/** A payment method's status as the billing API reports it. */
export { PAYMENT_METHOD_STATUSES as paymentMethodStatuses } from "@billing-portal/contract/enums";

/** One saved card or bank account (spec 000 §3 "Payment method"). */
export type PaymentMethod = {
  id: string;
  /** A card brand, "ECHK" (a CardConnect e-check) or a bank's name. */
  type: string;
  /** Masked, e.g. "****4242". */
  accountNumber: string;
  status: PaymentMethodStatus;
  /** A page that verifies a pending bank account (https or the billing API's own origin). */
  verifyUrl: string | null;
  paymentMethodType: string;
  paymentType: string;
  isDefault: boolean;
  setupIntentId: string | null;
  paymentIntentId: string | null;
  expMonth: number | null;
  expYear: number | null;
};

/** GET /api/account/payment-methods. */
export type PaymentMethodList = { paymentMethods: PaymentMethod[]; gateway: Gateway };

/** GET /api/account/ach-credit: where to send a bank transfer (spec 000 §2). */
export type AchCreditDetails = {
  accountNumber: string;
  routingNumber: string;
  swiftCode: string | null;
  bankName: string;
  cashBalance: number;
};

/** GET /api/account/add-payment-form: the hosted add-payment page, or null. */
export type AddPaymentFormUrl = { url: string | null };

// ——— Add payment method (spec 000 §3, exactly) ———

const STRIPE_PAYMENT_METHOD = /^pm_[A-Za-z0-9]{1,250}$/;
// CardSecure tokens are digits beginning with 9, which no card network issues.
const CARDSECURE_TOKEN = /^9\d{11,30}$/;

/** Whether `token` has the shape of a token of that gateway's provider (never a raw number). */
export function isProviderToken(family: GatewayFamily, token: string): boolean {
  return (family === "stripe" ? STRIPE_PAYMENT_METHOD : CARDSECURE_TOKEN).test(token);
}
