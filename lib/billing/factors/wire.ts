import "server-only";
import type {
  ConfirmedFactorDto,
  FactorDto,
  FactorListDto,
  TotpEnrollmentDto,
} from "@billing-portal/contract/wire/factors";
import { FACTOR_KINDS, RECOVERY_CODE_COUNT } from "@billing-portal/contract/wire/factors";
import { z } from "zod";
import { readerOf } from "../reader";

// Readers of the second factor's answers (contract/src/wire/factors.ts; docs/CONTRACT.md §1
// "Second factor"), validated before reshape hands the app its own types.

const code = z.string().min(8).max(40);

export const factorDto = readerOf<FactorDto>()(
  z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    kind: z.enum(FACTOR_KINDS),
    name: z.string().max(100),
    created_at: z.string(),
    last_used_at: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
  }),
);

export const factorListDto = readerOf<FactorListDto>()(
  z.object({
    factors: z.array(factorDto),
    recovery_codes_left: z.number().int().min(0).max(RECOVERY_CODE_COUNT),
  }),
);

export const totpEnrollmentDto = readerOf<TotpEnrollmentDto>()(
  z.object({
    factor_id: z.union([z.string(), z.number()]).transform(String),
    secret: z
      .string()
      .min(16)
      .max(128)
      .regex(/^[A-Z2-7]+=*$/),
    otpauth_uri: z.string().max(2000).startsWith("otpauth://totp/"),
  }),
);

export const confirmedFactorDto = readerOf<ConfirmedFactorDto>()(
  z.object({
    factor: factorDto,
    recovery_codes: z
      .array(code)
      .nullish()
      .transform((v) => v ?? null),
  }),
);

export const recoveryCodesDto = z.object({ recovery_codes: z.array(code).min(1).max(20) });

/** WebAuthn options: what the browser's library needs is checked there; here only their shape. */
export const passkeyOptionsDto = z.object({
  options: z.looseObject({ challenge: z.string().min(16).max(200) }),
});
