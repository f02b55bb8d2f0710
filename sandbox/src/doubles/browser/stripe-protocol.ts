/**
 * Messages between the Stripe.js double (in the portal's page) and its card frame (on the
 * sandbox's origin). Both sides check the sender's exact origin and window before reading one,
 * then parse it with these schemas: a message is untrusted input.
 */
import * as z from "zod/mini";

export const FROM_PAGE = "stripe-double:page";
export const FROM_FRAME = "stripe-double:frame";

const shortText = (max: number) => z.string().check(z.maxLength(max));

/** `billing_details` as createPaymentMethod takes it. */
export const billingDetailsSchema = z.object({
  name: z.optional(shortText(200)),
  email: z.optional(shortText(320)),
  phone: z.optional(shortText(40)),
  address: z.optional(
    z.object({
      line1: z.optional(shortText(200)),
      line2: z.optional(shortText(200)),
      city: z.optional(shortText(200)),
      state: z.optional(shortText(200)),
      postal_code: z.optional(shortText(20)),
      country: z.optional(shortText(2)),
    }),
  ),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** The card element's options the frame applies (a subset of StripeCardElementOptions). */
export const frameOptionsSchema = z.object({
  /** `style` as Stripe takes it: variants (base, complete, empty, invalid) of CSS properties. */
  style: z.optional(z.record(z.string(), z.unknown())),
  hidePostalCode: z.optional(z.boolean()),
  hideIcon: z.optional(z.boolean()),
  iconStyle: z.optional(z.enum(["default", "solid"])),
  disabled: z.optional(z.boolean()),
  postalCode: z.optional(shortText(20)),
});
export type FrameOptions = z.infer<typeof frameOptionsSchema>;

const pageBase = { source: z.literal(FROM_PAGE), channel: shortText(64) };

export const pageMessageSchema = z.discriminatedUnion("kind", [
  z.object({ ...pageBase, kind: z.literal("update"), options: frameOptionsSchema }),
  z.object({ ...pageBase, kind: z.literal("focus") }),
  z.object({ ...pageBase, kind: z.literal("blur") }),
  z.object({ ...pageBase, kind: z.literal("clear") }),
  z.object({
    ...pageBase,
    kind: z.literal("tokenize"),
    requestId: shortText(64),
    key: shortText(200),
    billingDetails: z.optional(billingDetailsSchema),
  }),
]);
export type PageMessage = z.infer<typeof pageMessageSchema>;

/** A message without its envelope (each side adds `source` and `channel` when posting). */
type Unwrapped<M> = M extends unknown ? Omit<M, "source" | "channel"> : never;
export type PageCommand = Unwrapped<PageMessage>;

export const validationErrorSchema = z.object({
  type: z.literal("validation_error"),
  code: shortText(64),
  message: shortText(300),
});

export const cardStateSchema = z.object({
  elementType: z.literal("card"),
  empty: z.boolean(),
  complete: z.boolean(),
  brand: z.enum(["visa", "mastercard", "amex", "discover", "diners", "jcb", "unionpay", "unknown"]),
  error: z.optional(validationErrorSchema),
  value: z.object({ postalCode: shortText(20) }),
});
export type CardState = z.infer<typeof cardStateSchema>;

/** A Stripe error as Stripe.js hands it to the caller. */
export const stripeErrorSchema = z.looseObject({
  type: shortText(64),
  code: z.optional(shortText(128)),
  decline_code: z.optional(shortText(128)),
  message: shortText(1000),
  param: z.optional(shortText(200)),
});
export type StripeErrorLike = z.infer<typeof stripeErrorSchema>;

export const tokenizeResultSchema = z.union([
  z.object({ paymentMethod: z.looseObject({ id: shortText(100) }) }),
  z.object({ error: stripeErrorSchema }),
]);
export type TokenizeResult = z.infer<typeof tokenizeResultSchema>;

const frameBase = { source: z.literal(FROM_FRAME), channel: shortText(64) };

export const frameMessageSchema = z.discriminatedUnion("kind", [
  z.object({ ...frameBase, kind: z.literal("ready") }),
  z.object({ ...frameBase, kind: z.literal("change"), state: cardStateSchema }),
  z.object({ ...frameBase, kind: z.literal("focus") }),
  z.object({ ...frameBase, kind: z.literal("blur") }),
  z.object({ ...frameBase, kind: z.literal("escape") }),
  z.object({
    ...frameBase,
    kind: z.literal("resize"),
    height: z.number().check(z.minimum(0), z.maximum(2000)),
  }),
  z.object({
    ...frameBase,
    kind: z.literal("tokenize-result"),
    requestId: shortText(64),
    result: tokenizeResultSchema,
  }),
]);
export type FrameMessage = z.infer<typeof frameMessageSchema>;
export type FrameEvent = Unwrapped<FrameMessage>;

/** What the double puts in the frame URL's fragment (never sent to a server). */
export const frameParamsSchema = z.object({
  channel: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  /** The page's origin: the only one the frame listens to and posts to. */
  origin: z.string().check(z.regex(/^https?:\/\/[^/?#\s]+$/)),
  options: frameOptionsSchema,
});
export type FrameParams = z.infer<typeof frameParamsSchema>;

/** Paths of the double under the sandbox (relative to the directory serving the script). */
export const PATHS = {
  cardFrame: "card-frame.html",
  paymentMethods: "v1/payment_methods",
  setupIntents: "v1/setup_intents",
} as const;
