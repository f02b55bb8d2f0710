import "server-only";
import type {
  AchCreditDetailsDto,
  AddPaymentMethodFormDto,
  AutoPayDto,
  ContactDetailsDto,
  GatewayDto,
  PaymentMethodDto,
  PaymentMethodListDto,
} from "@billing-portal/contract/wire/account";
import { z } from "zod";
import { paymentMethodStatuses } from "@/lib/schemas/account";
import { readerOf } from "../reader";

// Readers of Manage Account's /v1 answers (the contract's contract/src/wire/account.ts; docs/CONTRACT.md
// §6). Server-only: the upstream's answers are untrusted, so they are validated here, tolerantly,
// before reshape.ts hands the app its own types.

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
export const contactDetailsDto = readerOf<ContactDetailsDto>()(
  contactFieldsDto.extend({
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
  }),
);

export const gatewayDto = readerOf<GatewayDto>()(
  z.object({
    name: text(100),
    gateway_configuration: z
      .object({ site: nullableText(100), accept_cvv: flag })
      .nullish()
      .transform((v) => v ?? { site: null, accept_cvv: false }),
    // The spec compares the string "true"; a boolean true means the same.
    test_enabled: z
      .union([z.string().max(20), z.boolean()])
      .nullish()
      .transform((v) => (String(v ?? "") === "true" ? "true" : "false")),
    allowed_cards: z
      .array(text(40))
      .max(50)
      .nullish()
      .transform((v) => v ?? []),
    api_key: nullableText(500),
    account_id: nullableText(200),
    ach_enabled: flag,
    cc_enabled: flag,
  }),
);

export const paymentMethodDto = readerOf<PaymentMethodDto>()(
  z.object({
    id,
    type: text(100),
    account_number: text(64),
    status: z.enum(paymentMethodStatuses),
    verify_url: nullableText(4096),
    payment_method_type: nullableText(64).transform((v) => v ?? ""),
    payment_type: nullableText(64).transform((v) => v ?? ""),
    default: flag,
    setup_intent_id: nullableText(255),
    payment_intent_id: nullableText(255),
    exp_month: z
      .number()
      .int()
      .nullish()
      .transform((v) => v ?? null),
    exp_year: z
      .number()
      .int()
      .nullish()
      .transform((v) => v ?? null),
  }),
);

export const paymentMethodListDto = readerOf<PaymentMethodListDto>()(
  z.object({
    paymentMethods: z.array(paymentMethodDto).max(500),
    gateway: gatewayDto,
  }),
);

export const achCreditDto = readerOf<AchCreditDetailsDto>()(
  z.object({
    account_number: text(64),
    routing_number: text(64),
    swift_code: nullableText(64),
    bank_name: text(200),
    cash_balance: decimal,
  }),
);

export const formUrlDto = readerOf<AddPaymentMethodFormDto>()(
  z.object({ formUrl: nullableText(4096) }),
);

/** POST /v1/customers/updateAutoPay `data`: the stored setting. */
export const autoPayDto = readerOf<AutoPayDto>()(z.object({ auto_pay: z.boolean() }));
