import * as z from "zod/mini";
import { locales } from "@/lib/i18n/locales";
import { authenticationResponseSchema } from "./factors";
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
  returnTo: z.optional(z.string().check(z.maxLength(2048))),
  /** The bot check the billing API asks for once the e-mail failed too often (captcha_required). */
  captchaToken: z.optional(z.string().check(z.maxLength(10_000))),
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
    .check(
      z.minLength(1, { error: validationKeys.humanCheck }),
      z.maxLength(10_000, { error: validationKeys.humanCheck }),
    ),
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

const confirmation = (v: { password: string; passwordConfirmation: string }) =>
  v.passwordConfirmation === "" || v.password === v.passwordConfirmation;

const confirmed = z.refine<{ password: string; passwordConfirmation: string }>(confirmation, {
  error: validationKeys.passwordMismatch,
  path: ["passwordConfirmation"],
});

/** POST /api/auth/reset-password. */
export const resetPasswordSchema = z
  .object({
    tokenId: urlTokenSchema,
    password: newPasswordSchema,
    passwordConfirmation: passwordInputSchema,
  })
  .check(confirmed);
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Change password (dialog on Manage Account; the rules of spec 000 §5). */
export const changePasswordSchema = z
  .object({
    currentPassword: passwordInputSchema,
    password: newPasswordSchema,
    passwordConfirmation: passwordInputSchema,
  })
  .check(confirmed);
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
export const localeSchema = z.object({ locale: z.enum(locales) });

/** POST /api/auth/second-factor: the app's code, or a recovery code (issue 34). */
export const secondFactorSchema = z
  .object({
    code: z.optional(
      z.string().check(z.trim(), z.regex(/^\d{3}\s?\d{3}$/, { error: "secondFactor.codeInvalid" })),
    ),
    recoveryCode: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(8, { error: "secondFactor.recoveryInvalid" }),
          z.maxLength(40),
        ),
    ),
    passkey: z.optional(authenticationResponseSchema),
    captchaToken: z.optional(z.string().check(z.maxLength(10_000))),
  })
  .check(
    z.refine(
      (b) => [b.code, b.recoveryCode, b.passkey].filter((v) => v !== undefined).length === 1,
      { error: "secondFactor.codeRequired", path: ["code"] },
    ),
  );
export type SecondFactorInput = z.output<typeof secondFactorSchema>;
