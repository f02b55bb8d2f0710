// The password policy of every call that sets one (register, reset, change): the portal's forms
// check it live and the billing API refuses a password that breaks it. Keys are spec 000's
// `password.error.message.*`, in checklist order.

export const MIN_PASSWORD_LENGTH = 8;
/** Longest password accepted anywhere, so hashing cannot be abused. */
export const MAX_PASSWORD_LENGTH = 200;

export const passwordRules = [
  { key: "password.error.message.minEight", test: (v: string) => v.length >= MIN_PASSWORD_LENGTH },
  { key: "password.error.message.oneLower", test: (v: string) => /[a-z]/.test(v) },
  { key: "password.error.message.oneUpper", test: (v: string) => /[A-Z]/.test(v) },
  { key: "password.error.message.oneNumber", test: (v: string) => /\d/.test(v) },
  { key: "password.error.message.oneSpecial", test: (v: string) => /[^\w\s]|_/.test(v) },
  {
    key: "password.error.message.noWhitespace",
    test: (v: string) => v.length > 0 && !/\s/.test(v),
  },
] as const;

export type PasswordRuleKey = (typeof passwordRules)[number]["key"];

/** Whether a new password meets every rule. */
export const meetsPasswordPolicy = (value: string): boolean =>
  passwordRules.every((rule) => rule.test(value));
