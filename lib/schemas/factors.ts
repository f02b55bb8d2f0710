import * as z from "zod/mini";

// The signed-in user's second factors (issue 34 §1) in the app's words: what the account page's
// "Sign-in security" card shows and the forms that change them. The billing API holds the
// factors; the portal only shows them and passes codes on.

export type FactorKind = "totp" | "passkey";

export type Factor = {
  id: string;
  kind: FactorKind;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
};

export type FactorList = {
  factors: Factor[];
  recoveryCodesLeft: number;
  /** Whether passkeys can be added on this portal (its host can be a WebAuthn relying party). */
  passkeys: boolean;
};

/** An authenticator app being added: the key to type and its QR code, until a first code confirms it. */
export type TotpEnrollment = {
  factorId: string;
  /** Base32, shown in groups of four for typing. */
  secret: string;
  /** otpauth://totp/…: a link that opens the authenticator app on the same device. */
  otpauthUri: string;
  /** The otpauth URI as an SVG data URL, drawn by the BFF (no QR code library in the browser). */
  qrCode: string;
};

/** A confirmed factor; the user's first one brings ten recovery codes, shown once. */
export type ConfirmedFactor = { factor: Factor; recoveryCodes: string[] | null };

export type RecoveryCodes = { recoveryCodes: string[] };

/** POST /api/account/factors/{id}/confirm: the app's current six digits (a space in the middle is fine). */
export const confirmFactorSchema = z.object({
  code: z
    .string()
    .check(z.trim(), z.regex(/^\d{3}\s?\d{3}$/, { error: "secondFactor.codeInvalid" })),
});
export type ConfirmFactorInput = z.output<typeof confirmFactorSchema>;

/** POST /api/auth/factor-setup/confirm: the factor being set up and the app's first code. */
export const setupConfirmSchema = z.object({
  factorId: z.string().check(z.minLength(1), z.maxLength(200)),
  code: confirmFactorSchema.shape.code,
});

/** What the setup's confirmation answers: the codes to show once, and where to go after. */
export type SetupConfirmed = { recoveryCodes: string[] | null; redirectTo: string };

// ——— Passkeys: WebAuthn's JSON, passed between the browser and the billing API ———

const b64url = z.string().check(z.minLength(1), z.maxLength(16_384), z.regex(/^[A-Za-z0-9_-]+$/));

/** What navigator.credentials.create answered (RegistrationResponseJSON), checked at the BFF. */
export const registrationResponseSchema = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: b64url, attestationObject: b64url }),
});

/** What navigator.credentials.get answered (AuthenticationResponseJSON), checked at the BFF. */
export const authenticationResponseSchema = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: z.optional(z.nullable(b64url)),
  }),
});
export type AuthenticationResponse = z.output<typeof authenticationResponseSchema>;

/** POST /api/account/factors/passkey: its name and the browser's answer. */
export const addPasskeySchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: "account.security.passkey.nameRequired" }),
      z.maxLength(100, { error: "account.security.passkey.nameTooLong" }),
    ),
  response: registrationResponseSchema,
});

/** POST /api/auth/passkey: the browser's answer and where the sign-in was going. */
export const passkeySignInSchema = z.object({
  response: authenticationResponseSchema,
  returnTo: z.optional(z.string().check(z.maxLength(2048))),
});

/** The billing API's WebAuthn options, handed to the browser as they are (its library reads them). */
export type PasskeyOptions = { options: Record<string, unknown> & { challenge: string } };
