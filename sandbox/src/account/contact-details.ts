/** The selected customer's contact details (GET, and our extension PUT, /v1/user/me/contactDetails). */
import {
  CONTACT_FIELDS,
  contactDetailsBody,
  type ContactDetailsDto,
  type ContactField,
  type ContactValues,
} from "@billing-portal/contract/wire/account";
import type { z } from "zod";
import { recordActivity } from "../activity/record";
import type { Queryable } from "../db";
import { notFound } from "../http";
import { getPaymentSettings } from "./auto-pay";
import type { AccountScope } from "./scope";

export { CONTACT_FIELDS, type ContactField, type ContactValues };
export type { ContactDetailsDto };
export const contactDetailsSchema = contactDetailsBody;
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
  const [old] = await q.query<ContactValues>(
    `SELECT ${CONTACT_FIELDS.join(", ")} FROM contact_details WHERE customer_id = $1 FOR UPDATE`,
    [scope.customerId],
  );
  const values = CONTACT_FIELDS.map((f) => input[f]);
  const placeholders = CONTACT_FIELDS.map((_, i) => `$${i + 2}`).join(", ");
  await q.query(
    `INSERT INTO contact_details (customer_id, ${CONTACT_FIELDS.join(", ")}, updated_at)
     VALUES ($1, ${placeholders}, $${CONTACT_FIELDS.length + 2})
     ON CONFLICT (customer_id) DO UPDATE SET
       ${CONTACT_FIELDS.map((f) => `${f} = EXCLUDED.${f}`).join(", ")}, updated_at = EXCLUDED.updated_at`,
    [scope.customerId, ...values, new Date(now)],
  );
  const fields = CONTACT_FIELDS.filter((f) => (old?.[f] ?? null) !== (input[f] ?? null));
  if (fields.length > 0) {
    await recordActivity(q, scope, {
      kind: "contact.changed",
      actor: scope.actor,
      subjectId: null,
      details: {
        fields,
        before: Object.fromEntries(fields.map((f) => [f, old?.[f] ?? null])),
        after: Object.fromEntries(fields.map((f) => [f, input[f] ?? null])),
      },
      at: now,
    });
  }
  return getContactDetails(q, scope);
}
