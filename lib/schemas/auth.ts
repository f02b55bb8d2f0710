import { z } from "zod";
import {
  emailSchema,
  newPasswordSchema,
  passwordInputSchema,
  requiredString,
  urlTokenSchema,
  validationKeys,
} from "./shared";

/** POST /api/auth/login (form and handler). */
export const loginSchema = z.object({
  email: emailSchema,
  password: passwordInputSchema,
  returnTo: z.string().max(2048).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;
export const loginDefaults: LoginInput = { email: "", password: "" };

/** Punch-out link segments: /portal/login/:tokenId/:encryptedEmail. */
export const punchOutSchema = z.object({ tokenId: urlTokenSchema, encryptedEmail: urlTokenSchema });

/** POST /api/auth/forgot-password. Without a bot-check response the action fails with forgotPassword.humanError. */
export const forgotPasswordSchema = z.object({
  email: emailSchema,
  captchaToken: z
    .string({ error: validationKeys.humanCheck })
    .min(1, { error: validationKeys.humanCheck })
    .max(10_000, { error: validationKeys.humanCheck }),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export const forgotPasswordDefaults: ForgotPasswordInput = { email: "", captchaToken: "" };

/** POST /api/auth/register. The e-mail is shown read-only; the handler takes it from the verified token. */
export const registerSchema = z.object({
  tokenId: urlTokenSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;

const confirmation = <T extends { password: string; passwordConfirmation: string }>(v: T) =>
  v.passwordConfirmation === "" || v.password === v.passwordConfirmation;

/** POST /api/auth/reset-password. */
export const resetPasswordSchema = z
  .object({
    tokenId: urlTokenSchema,
    password: newPasswordSchema,
    passwordConfirmation: passwordInputSchema,
  })
  .refine(confirmation, { error: validationKeys.passwordMismatch, path: ["passwordConfirmation"] });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Change password (dialog on Manage Account; the rules of spec 000 §5). */
export const changePasswordSchema = z
  .object({
    currentPassword: passwordInputSchema,
    password: newPasswordSchema,
    passwordConfirmation: passwordInputSchema,
  })
  .refine(confirmation, { error: validationKeys.passwordMismatch, path: ["passwordConfirmation"] });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export const changePasswordDefaults: ChangePasswordInput = {
  currentPassword: "",
  password: "",
  passwordConfirmation: "",
};

/** POST /api/auth/verify-email. */
export const verifyEmailSchema = z.object({ token: urlTokenSchema });

/** POST /api/customers/select. */
export const selectCustomerSchema = z.object({ customerId: requiredString(100) });

/** POST /api/locale. */
export const locales = ["en", "es"] as const;
export type Locale = (typeof locales)[number];
export const localeSchema = z.object({ locale: z.enum(locales) });
