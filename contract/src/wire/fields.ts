/** Request fields shared by the /v1 operations (messages are human text: the envelope's `error`). */
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, meetsPasswordPolicy, MIN_PASSWORD_LENGTH } from "../password";

/** A required, trimmed string of at most `max` characters. */
export const required = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} is too long` });

export const emailField = required("email", 254).pipe(z.email({ error: "Invalid email" }));
export const companyIdField = required("companyId", 100);
/** An opaque token from a link or a sign-in. */
export const tokenField = (name: string) => required(name, 512);
export const passwordField = z
  .string({ error: "password is required" })
  .min(1, { error: "password is required" })
  .max(MAX_PASSWORD_LENGTH, { error: "password is too long" });

/** The password policy of the contract: 8+ characters, lower, upper, digit, special, no whitespace. */
export const newPasswordField = passwordField
  .refine((v) => v.length >= MIN_PASSWORD_LENGTH, {
    error: `password must be at least ${MIN_PASSWORD_LENGTH} characters`,
    abort: true,
  })
  .refine(meetsPasswordPolicy, {
    error: "Password Conditions not met.",
  });
