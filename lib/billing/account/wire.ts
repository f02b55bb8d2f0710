import "server-only";
import { z } from "zod";
import { paymentMethodStatuses } from "@/lib/schemas/account";

// Manage Account's wire (DTO) schemas of /v1 (docs/CONTRACT.md §6). Server-only: the upstream's
// answers are untrusted, so they are validated here before reshape.ts hands the app its own types.

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

export const contactFieldsDto = z.object({
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
export const contactDetailsDto = contactFieldsDto.extend({
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

export const gatewayDto = z.object({
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

export const paymentMethodDto = z.object({
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

export const paymentMethodListDto = z.object({
  paymentMethods: z.array(paymentMethodDto).max(500),
  gateway: gatewayDto,
});

export const achCreditDto = z.object({
  account_number: text(64),
  routing_number: text(64),
  swift_code: nullableText(64),
  bank_name: text(200),
  cash_balance: decimal,
});

export const formUrlDto = z.object({ formUrl: nullableText(4096) });

/** POST /v1/customers/updateAutoPay `data`: the stored setting. */
export const autoPayDto = z.object({ auto_pay: z.boolean() });
