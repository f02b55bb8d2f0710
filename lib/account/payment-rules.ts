// The display rules and state changes of payment methods (spec 000 §4), pure and tested.
import type { PaymentMethod } from "@/lib/schemas/account";

const BANK_TYPES = new Set(["bank_account", "us_bank_account", "bank account", "ach"]);

/** Whether a method is a bank account (its payment type, or CardConnect's ECHK). */
export function isBankAccount(
  method: Pick<PaymentMethod, "type" | "paymentType" | "paymentMethodType">,
): boolean {
  return (
    method.type.toUpperCase() === "ECHK" ||
    BANK_TYPES.has(method.paymentType.toLowerCase()) ||
    BANK_TYPES.has(method.paymentMethodType.toLowerCase())
  );
}

export type Verification = { label: "verified" | "unverified"; verifyUrl: string | null };

/**
 * A bank account's badge: verified shows VERIFIED; new or unverified shows UNVERIFIED with a Verify
 * link (when there is a page to go to); ECHK is always VERIFIED. Cards have none.
 */
export function verificationOf(method: PaymentMethod): Verification | null {
  if (!isBankAccount(method)) return null;
  if (method.type.toUpperCase() === "ECHK" || method.status === "verified")
    return { label: "verified", verifyUrl: null };
  return { label: "unverified", verifyUrl: method.verifyUrl };
}

/** The expiry as MM/YYYY, or '-' when the method has none. */
export function expiryText(method: Pick<PaymentMethod, "expMonth" | "expYear">): string {
  const { expMonth, expYear } = method;
  if (!expMonth || !expYear || expMonth < 1 || expMonth > 12) return "-";
  return `${String(expMonth).padStart(2, "0")}/${expYear}`;
}

/** The default's "Set as default" switch is on and cannot be turned off. */
export function isDefaultSwitchDisabled(method: Pick<PaymentMethod, "isDefault">): boolean {
  return method.isDefault;
}

/** Delete is hidden when auto-pay is on and only one payment method exists. */
export function canDelete(methodCount: number, autoPay: boolean): boolean {
  return !(autoPay && methodCount <= 1);
}

/** Whether `id` names this method: seti_… its setup intent, pi_… its payment intent, else its id. */
export function matchesMethodId(
  method: Pick<PaymentMethod, "id" | "setupIntentId" | "paymentIntentId">,
  id: string,
): boolean {
  if (id.startsWith("seti_")) return method.setupIntentId === id;
  if (id.startsWith("pi_")) return method.paymentIntentId === id;
  return method.id === id;
}

/** An added method is appended; when it is the default, the others lose the flag. */
export function appendMethod(
  list: readonly PaymentMethod[],
  added: PaymentMethod,
): PaymentMethod[] {
  const rest = list.filter((m) => m.id !== added.id);
  return [...(added.isDefault ? rest.map((m) => ({ ...m, isDefault: false })) : rest), added];
}

/** Only the method named `id` is the default afterwards. */
export function markDefault(list: readonly PaymentMethod[], id: string): PaymentMethod[] {
  return list.map((m) => ({ ...m, isDefault: matchesMethodId(m, id) }));
}

/** The list without the method `id` names (by the intent-id rule). */
export function removeMethod(list: readonly PaymentMethod[], id: string): PaymentMethod[] {
  return list.filter((m) => !matchesMethodId(m, id));
}

/** The last four digits of a masked number ("****4242" → "4242"), or the text itself. */
export function lastFour(accountNumber: string): string {
  const digits = accountNumber.replace(/\D/g, "");
  return digits.length >= 4 ? digits.slice(-4) : accountNumber;
}
