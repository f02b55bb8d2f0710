import "server-only";
import QRCode from "qrcode";
import type { z } from "zod";
import type {
  AuthenticationResponse,
  ConfirmedFactor,
  Factor,
  FactorList,
  PasskeyOptions,
  RecoveryCodes,
  TotpEnrollment,
} from "@/lib/schemas/factors";
import { billingRequest } from "@/lib/billing/client";
import { parseDto } from "@/lib/billing/dto";
import {
  confirmedFactorDto,
  factorDto,
  factorListDto,
  passkeyOptionsDto,
  recoveryCodesDto,
  totpEnrollmentDto,
} from "./wire";

// The /v1 calls of the signed-in user's second factors (docs/CONTRACT.md §1 "Second factor"):
// list, add an authenticator app and confirm it, remove, renew the recovery codes. The secret of
// an app passes through once, on its way to the user's screen; the portal keeps none.

type Caller = { accessToken: string; clientIp?: string };

const factorsPath = "/v1/user/me/factors";

const reshapeFactor = (f: z.output<typeof factorDto>): Factor => ({
  id: f.id,
  kind: f.kind,
  name: f.name,
  createdAt: f.created_at,
  lastUsedAt: f.last_used_at,
});

/** GET /v1/user/me/factors; `passkeys`: whether this portal's configuration offers them. */
export async function requestFactors(caller: Caller, passkeys: boolean): Promise<FactorList> {
  const data = parseDto(
    factorListDto,
    await billingRequest<unknown>(factorsPath, caller),
    "factors",
  );
  return {
    factors: data.factors.map(reshapeFactor),
    recoveryCodesLeft: data.recovery_codes_left,
    passkeys,
  };
}

/** POST /v1/user/me/factors/totp, and the QR code of its otpauth URI drawn here. */
export async function enrollTotp(caller: Caller, name?: string): Promise<TotpEnrollment> {
  const data = parseDto(
    totpEnrollmentDto,
    await billingRequest<unknown>(`${factorsPath}/totp`, {
      ...caller,
      method: "POST",
      body: name ? { name } : {},
    }),
    "authenticator enrollment",
  );
  const svg = await QRCode.toString(data.otpauth_uri, {
    type: "svg",
    margin: 2,
    errorCorrectionLevel: "M",
  });
  return {
    factorId: data.factor_id,
    secret: data.secret,
    otpauthUri: data.otpauth_uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/** POST /v1/user/me/factors/{id}/confirm; a wrong code is the API's 400 invalid_code. */
export async function confirmFactor(
  caller: Caller,
  id: string,
  code: string,
): Promise<ConfirmedFactor> {
  const data = parseDto(
    confirmedFactorDto,
    await billingRequest<unknown>(`${factorsPath}/${encodeURIComponent(id)}/confirm`, {
      ...caller,
      method: "POST",
      body: { code },
    }),
    "confirmed factor",
  );
  return { factor: reshapeFactor(data.factor), recoveryCodes: data.recovery_codes };
}

/** DELETE /v1/user/me/factors/{id} */
export async function removeFactor(caller: Caller, id: string): Promise<void> {
  await billingRequest<unknown>(`${factorsPath}/${encodeURIComponent(id)}`, {
    ...caller,
    method: "DELETE",
  });
}

/** POST /v1/user/me/factors/recovery_codes: ten new codes, the old ones void. */
export async function renewRecoveryCodes(caller: Caller): Promise<RecoveryCodes> {
  const data = parseDto(
    recoveryCodesDto,
    await billingRequest<unknown>(`${factorsPath}/recovery_codes`, { ...caller, method: "POST" }),
    "recovery codes",
  );
  return { recoveryCodes: data.recovery_codes };
}

/** WebAuthn options from one of the billing API's three option calls (all POST). */
async function passkeyOptions(
  path: string,
  body: Record<string, string>,
  caller: Partial<Caller>,
): Promise<PasskeyOptions> {
  return parseDto(
    passkeyOptionsDto,
    await billingRequest<unknown>(path, { ...caller, method: "POST", body }),
    "passkey options",
  );
}

/** POST /v1/user/me/factors/passkey/options */
export const requestPasskeyRegistration = (caller: Caller) =>
  passkeyOptions(`${factorsPath}/passkey/options`, {}, caller);

/** POST /v1/user/me/factors/passkey: the browser's answer; the API verifies it. */
export async function addPasskey(
  caller: Caller,
  name: string,
  response: Record<string, unknown>,
): Promise<ConfirmedFactor> {
  const data = parseDto(
    confirmedFactorDto,
    await billingRequest<unknown>(`${factorsPath}/passkey`, {
      ...caller,
      method: "POST",
      body: { name, response },
    }),
    "added passkey",
  );
  return { factor: reshapeFactor(data.factor), recoveryCodes: data.recovery_codes };
}

/** POST /v1/auth/second-factor/passkey_options: for the login challenge of the second step. */
export const requestSecondStepPasskey = (challenge: string, clientIp?: string) =>
  passkeyOptions("/v1/auth/second-factor/passkey_options", { challenge }, { clientIp });

/** POST /v1/auth/passkey/options: signing in with a passkey alone. */
export const requestPasskeySignIn = (companyId: string, clientIp?: string) =>
  passkeyOptions("/v1/auth/passkey/options", { companyId }, { clientIp });

export type { AuthenticationResponse };
