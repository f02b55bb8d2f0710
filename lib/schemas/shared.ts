// zod/mini: these schemas run in the browser's forms as well as in the BFF; the mini API is
// tree-shaken to what a form uses and never probes `new Function` (our CSP forbids eval).
import * as z from "zod/mini";
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  passwordRules,
  type PasswordRuleKey,
} from "@billing-portal/contract/password";

/** Message keys (namespace `common`) used by the schemas; translated where they are shown. */
export const validationKeys = {
  required: "validation.required",
  email: "validation.email",
  passwordMin: "validation.passwordMin",
  passwordMismatch: "validation.passwordMismatch",
  passwordConditions: "validation.passwordConditions",
  humanCheck: "forgotPassword.humanError",
  invalid: "validation.invalid",
} as const;

export { MIN_PASSWORD_LENGTH };

/** A required text: missing and empty (after trimming) values fail with 'Required'. */
export const requiredString = (max = 500, ...checks: z.core.$ZodCheck<string>[]) =>
  z
    .string({ error: validationKeys.required })
    .check(
      z.trim(),
      z.minLength(1, { error: validationKeys.required }),
      z.maxLength(max, { error: validationKeys.invalid }),
      ...checks,
    );

export const emailSchema = z.pipe(requiredString(254), z.email({ error: validationKeys.email }));

/** Password as typed: never trimmed, required, bounded so hashing cannot be abused. */
export const passwordInputSchema = z
  .string({ error: validationKeys.required })
  .check(
    z.minLength(1, { error: validationKeys.required }),
    z.maxLength(MAX_PASSWORD_LENGTH, { error: validationKeys.invalid }),
  );

/**
 * The rules a new password must meet, in checklist order: the contract's policy, which the billing
 * API enforces too. The checklist and the schema share this one list.
 */
export { passwordRules, type PasswordRuleKey };

/** Evaluates every rule, for the live checklist. */
export function checkPasswordRules(value: string): { key: PasswordRuleKey; met: boolean }[] {
  return passwordRules.map((rule) => ({ key: rule.key, met: rule.test(value) }));
}

/** A new password: required, at least 8 characters, then every rule of the checklist. */
export const newPasswordSchema = z.string({ error: validationKeys.required }).check(
  z.minLength(1, { error: validationKeys.required, abort: true }),
  z.maxLength(200, { error: validationKeys.invalid, abort: true }),
  z.refine((v) => v.length >= MIN_PASSWORD_LENGTH, {
    error: validationKeys.passwordMin,
    abort: true,
  }),
  z.refine((v) => passwordRules.every((rule) => rule.test(v)), {
    error: validationKeys.passwordConditions,
  }),
);

/** Opaque token taken from a URL path segment. */
export const urlTokenSchema = z
  .string({ error: validationKeys.required })
  .check(
    z.minLength(1, { error: validationKeys.required }),
    z.maxLength(512, { error: validationKeys.invalid }),
    z.regex(/^[A-Za-z0-9._~-]+$/, { error: validationKeys.invalid }),
  );
