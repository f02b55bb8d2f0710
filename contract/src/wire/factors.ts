// A second factor (issue 34 §1; docs/CONTRACT.md §1 "Second factor"): the billing API holds each
// user's factors and verifies them; the portal keeps no secret of one. An authenticator app
// (TOTP, RFC 6238: SHA-1, 6 digits, 30 s) is enrolled, then confirmed by a first code; ten
// single-use recovery codes come with the first factor. A password sign-in of a user with a
// factor answers a challenge instead of tokens; the challenge and a code answer the tokens.
import { z } from "zod";
import { wireId, wireInstant } from "./envelope";
import { named } from "./named";

export const FACTOR_KINDS = ["totp", "passkey"] as const;
export const SECOND_FACTOR_METHODS = ["totp", "recovery_code", "passkey"] as const;
/** How many recovery codes are issued at once. */
export const RECOVERY_CODE_COUNT = 10;

export const factorDto = named(
  "Factor",
  z.looseObject({
    id: wireId,
    kind: z.enum(FACTOR_KINDS),
    name: z.string().max(100),
    created_at: wireInstant,
    last_used_at: wireInstant.nullable(),
  }),
);
export type FactorDto = z.output<typeof factorDto>;

export const factorListDto = named(
  "FactorList",
  z.looseObject({
    factors: z.array(factorDto).meta({ description: "Confirmed factors, oldest first" }),
    recovery_codes_left: z.int().min(0).max(RECOVERY_CODE_COUNT),
  }),
);
export type FactorListDto = z.output<typeof factorListDto>;

export const totpEnrollmentDto = named(
  "TotpEnrollment",
  z.looseObject({
    factor_id: wireId,
    secret: z.string().min(16).max(128).meta({ description: "Base32, for typing into the app" }),
    otpauth_uri: z.string().max(2000).meta({ description: "otpauth://totp/…, for a QR code" }),
  }),
);
export type TotpEnrollmentDto = z.output<typeof totpEnrollmentDto>;

export const confirmedFactorDto = named(
  "ConfirmedFactor",
  z.looseObject({
    factor: factorDto,
    recovery_codes: z
      .array(z.string().min(8).max(40))
      .nullable()
      .meta({ description: "With the user's first factor: shown once, never again; else null" }),
  }),
);
export type ConfirmedFactorDto = z.output<typeof confirmedFactorDto>;

export const recoveryCodesDto = named(
  "RecoveryCodes",
  z.looseObject({
    recovery_codes: z.array(z.string().min(8).max(40)).length(RECOVERY_CODE_COUNT),
  }),
);

/** Answered by POST /v1/auth/login, instead of tokens, for a user with a second factor. */
export const secondFactorRequiredDto = named(
  "SecondFactorRequired",
  z.looseObject({
    second_factor: z.looseObject({
      challenge: z.string().min(20).max(200).meta({
        description: "Single use, for POST /v1/auth/second-factor; valid until expires_at",
      }),
      methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
      expires_at: wireInstant,
    }),
  }),
);
export type SecondFactorRequiredDto = z.output<typeof secondFactorRequiredDto>;

const code = z.string().max(64);

export const enrollTotpBody = z.object({
  name: z.string().trim().max(100).optional().meta({ description: "Default: Authenticator app" }),
});
export const confirmFactorBody = z.object({
  code: code.meta({ description: "The app's current code (6 digits)" }),
});
export const factorParams = z.object({ id: z.string().min(1).max(200) });

// ——— Passkeys (WebAuthn Level 3 JSON; the relying party is the company's portal host) ———

const b64url = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[A-Za-z0-9_-]+$/);

export const registrationOptionsDto = named(
  "PasskeyRegistrationOptions",
  z.looseObject({
    options: z
      .looseObject({
        challenge: b64url,
        rp: z.looseObject({ id: z.string().max(300), name: z.string().max(200) }),
      })
      .meta({
        description: "PublicKeyCredentialCreationOptionsJSON, for navigator.credentials.create",
      }),
  }),
);

export const authenticationOptionsDto = named(
  "PasskeyAuthenticationOptions",
  z.looseObject({
    options: z.looseObject({ challenge: b64url, rpId: z.string().max(300).optional() }).meta({
      description: "PublicKeyCredentialRequestOptionsJSON, for navigator.credentials.get",
    }),
  }),
);

/** What navigator.credentials.create answered, as JSON (RegistrationResponseJSON). */
export const registrationResponse = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: b64url, attestationObject: b64url.max(16_384) }),
});

/** What navigator.credentials.get answered, as JSON (AuthenticationResponseJSON). */
export const authenticationResponse = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.nullish(),
  }),
});

export const passkeyOptionsBody = z.object({});
export const addPasskeyBody = z.object({
  name: z.string().trim().min(1).max(100),
  response: registrationResponse,
});
export const secondFactorPasskeyOptionsBody = z.object({ challenge: z.string().min(1).max(200) });
export const passkeySignInOptionsBody = z.object({ companyId: z.string().min(1).max(200) });
export const passkeySignInBody = z.object({
  companyId: z.string().min(1).max(200),
  response: authenticationResponse,
});

/** POST /v1/auth/second-factor: the challenge and one of a code, a recovery code or a passkey. */
export const secondFactorBody = z
  .object({
    challenge: z.string().min(1).max(200),
    code: code.optional(),
    recovery_code: code.optional(),
    passkey: authenticationResponse.optional(),
    captchaToken: z.string().max(10_000).optional(),
  })
  .refine((b) => [b.code, b.recovery_code, b.passkey].filter((v) => v !== undefined).length === 1, {
    error: "Give a code, a recovery code or a passkey",
  });
