/** The selected customer's contact details (GET, and our extension PUT, /v1/user/me/contactDetails). */
import { z } from "zod";
import type { Queryable } from "../db";
import { notFound } from "../http";
import { getPaymentSettings, type PaymentSettings } from "./auto-pay";
import type { AccountScope } from "./scope";

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
export type ContactDetailsDto = ContactValues & PaymentSettings;

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
export const contactDetailsSchema = z.object({
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
export type ContactDetailsInput = z.output<typeof contactDetailsSchema>;

const EMPTY_CONTACT: ContactValues = Object.fromEntries(
  CONTACT_FIELDS.map((f) => [f, null]),
) as ContactValues;

async function assertCustomer(q: Queryable, scope: AccountScope): Promise<void> {
  const [row] = await q.query("SELECT 1 FROM customers WHERE id = $1 AND company_id = $2", [
    scope.customerId,
    scope.companyId,
  ]);
  if (!row) throw notFound("Customer not found");
}

/** Contact details with auto-pay and payment options; a customer without details gets nulls. */
export async function getContactDetails(
  q: Queryable,
  scope: AccountScope,
): Promise<ContactDetailsDto> {
  await assertCustomer(q, scope);
  const [row] = await q.query<ContactValues>(
    `SELECT ${CONTACT_FIELDS.join(", ")} FROM contact_details WHERE customer_id = $1`,
    [scope.customerId],
  );
  const contact = row
    ? (Object.fromEntries(CONTACT_FIELDS.map((f) => [f, row[f] ?? null])) as ContactValues)
    : EMPTY_CONTACT;
  return { ...contact, ...(await getPaymentSettings(q, scope.customerId)) };
}

/** Replaces the contact details and answers them as GET does. */
export async function updateContactDetails(
  q: Queryable,
  scope: AccountScope,
  input: ContactDetailsInput,
  now: number,
): Promise<ContactDetailsDto> {
  await assertCustomer(q, scope);
  const values = CONTACT_FIELDS.map((f) => input[f]);
  const placeholders = CONTACT_FIELDS.map((_, i) => `$${i + 2}`).join(", ");
  await q.query(
    `INSERT INTO contact_details (customer_id, ${CONTACT_FIELDS.join(", ")}, updated_at)
     VALUES ($1, ${placeholders}, $${CONTACT_FIELDS.length + 2})
     ON CONFLICT (customer_id) DO UPDATE SET
       ${CONTACT_FIELDS.map((f) => `${f} = EXCLUDED.${f}`).join(", ")}, updated_at = EXCLUDED.updated_at`,
    [scope.customerId, ...values, new Date(now)],
  );
  return getContactDetails(q, scope);
}
