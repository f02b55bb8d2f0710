/** A customer's auto-pay flag, whether they may change it, and their payment options. */
import { updateAutoPayBody, type PaymentOptionsDto } from "@billing-portal/contract/wire/account";
import type { z } from "zod";
import { recordActivity } from "../activity/record";
import type { Queryable } from "../db";
import { ApiError } from "../http";
import type { AccountScope } from "./scope";

export type { PaymentOptionsDto };

export type PaymentSettings = {
  auto_pay: boolean;
  edit_auto_pay: boolean;
  payment_options: PaymentOptionsDto;
};

type SettingsRow = { auto_pay: boolean; edit_auto_pay: boolean } & PaymentOptionsDto;

/** What a customer without a settings row gets (customers created by registration). */
const DEFAULT_SETTINGS: SettingsRow = {
  auto_pay: false,
  edit_auto_pay: true,
  ach_enabled: false,
  credit_enabled: false,
  ach_credit_enabled: false,
  affirm_enabled: false,
};

/** The customer's settings; `forUpdate` locks the row (inside a transaction). */
export async function getPaymentSettings(
  q: Queryable,
  customerId: string,
  forUpdate = false,
): Promise<PaymentSettings> {
  const [row] = await q.query<SettingsRow>(
    `SELECT auto_pay, edit_auto_pay, ach_enabled, credit_enabled, ach_credit_enabled, affirm_enabled
       FROM customer_payment_settings WHERE customer_id = $1${forUpdate ? " FOR UPDATE" : ""}`,
    [customerId],
  );
  const s = row ?? DEFAULT_SETTINGS;
  return {
    auto_pay: s.auto_pay,
    edit_auto_pay: s.edit_auto_pay,
    payment_options: {
      ach_enabled: s.ach_enabled,
      credit_enabled: s.credit_enabled,
      ach_credit_enabled: s.ach_credit_enabled,
      affirm_enabled: s.affirm_enabled,
    },
  };
}

/** POST /v1/customers/updateAutoPay body (other fields are ignored). */
export const updateAutoPaySchema = updateAutoPayBody;
export type UpdateAutoPayInput = z.output<typeof updateAutoPaySchema>;

/**
 * Sets auto-pay. Refused with 403 unless the customer may edit it, and with 400 when turning it on
 * without a saved payment method (there would be nothing to charge). Run it in a transaction.
 */
export async function updateAutoPay(
  q: Queryable,
  scope: AccountScope,
  input: UpdateAutoPayInput,
  now: number,
): Promise<{ auto_pay: boolean }> {
  // The customer row is the per-account lock shared with the payment-method changes.
  await q.query("SELECT id FROM customers WHERE id = $1 FOR UPDATE", [scope.customerId]);
  const settings = await getPaymentSettings(q, scope.customerId, true);
  if (!settings.edit_auto_pay) {
    throw new ApiError(403, "auto_pay_not_editable", "Auto-pay cannot be changed for this account");
  }
  if (input.auto_pay) {
    const [count] = await q.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payment_methods WHERE customer_id = $1",
      [scope.customerId],
    );
    if (Number(count?.n ?? 0) === 0) {
      throw new ApiError(
        400,
        "payment_method_required",
        "Add a payment method before turning on auto-pay",
      );
    }
  }
  await q.query(
    `INSERT INTO customer_payment_settings (customer_id, auto_pay, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (customer_id) DO UPDATE SET auto_pay = EXCLUDED.auto_pay, updated_at = EXCLUDED.updated_at`,
    [scope.customerId, input.auto_pay, new Date(now)],
  );
  if (settings.auto_pay !== input.auto_pay) {
    await recordActivity(q, scope, {
      kind: "auto_pay.changed",
      actor: scope.actor,
      subjectId: null,
      details: { before: { auto_pay: settings.auto_pay }, after: { auto_pay: input.auto_pay } },
      at: now,
    });
  }
  return { auto_pay: input.auto_pay };
}
