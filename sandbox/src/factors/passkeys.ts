/**
 * Passkeys (sandbox/README.md "Second factor"; migration 020): WebAuthn with
 * @simplewebauthn/server. The relying party is the company's portal host, so a passkey made on
 * one company's portal signs nothing in on another's. Every ceremony's challenge is single use
 * and lasts five minutes; the browser's answer must come from a page of the company's host.
 */
import { isIP } from "node:net";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from "@simplewebauthn/server/helpers";
import { randomBytes } from "node:crypto";
import { hashToken } from "../crypto";
import type { Queryable } from "../db";
import { ApiError } from "../http";

const CEREMONY_TTL_MS = 5 * 60_000;

type Purpose = "register" | "second_factor" | "sign_in";
type Company = { id: string; name: string; domain: string };

export const invalidPasskey = (status: 400 | 401 = 400) =>
  new ApiError(status, "invalid_passkey", "That passkey could not be used. Try again.");

/** WebAuthn needs a domain name for its relying party: a portal at an IP address has no passkeys. */
export const passkeysAt = (domain: string) => isIP(domain) === 0 && domain.length > 0;

/** A page of the company's host: https, or http on localhost (a secure context in browsers). */
function fromCompanyHost(origin: string, rpId: string): boolean {
  try {
    const url = new URL(origin);
    if (url.hostname !== rpId) return false;
    return url.protocol === "https:" || (url.protocol === "http:" && /(^|\.)localhost$/.test(rpId));
  } catch {
    return false;
  }
}

async function openCeremony(
  q: Queryable,
  c: {
    challenge: string;
    purpose: Purpose;
    companyId: string;
    userId: string | null;
    loginChallenge?: string;
  },
  now: number,
): Promise<void> {
  await q.query(
    `INSERT INTO webauthn_ceremonies (challenge, purpose, company_id, user_id, login_challenge_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      c.challenge,
      c.purpose,
      c.companyId,
      c.userId,
      c.loginChallenge ? hashToken(c.loginChallenge) : null,
      new Date(now + CEREMONY_TTL_MS).toISOString(),
    ],
  );
}

/**
 * The open ceremony the browser's answer names (its clientData's challenge), used up now whatever
 * follows: a second answer to one challenge is refused. Null when none is open for this purpose.
 */
async function takeCeremony(
  q: Queryable,
  clientDataJSON: string,
  purpose: Purpose,
  companyId: string,
  now: number,
): Promise<{
  challenge: string;
  origin: string;
  userId: string | null;
  login: string | null;
} | null> {
  let data: { challenge: string; origin: string; type: string };
  try {
    data = decodeClientDataJSON(clientDataJSON);
  } catch {
    return null;
  }
  const [row] = await q.query<{ user_id: string | null; login_challenge_hash: string | null }>(
    `UPDATE webauthn_ceremonies SET used_at = $4
      WHERE challenge = $1 AND purpose = $2 AND company_id = $3 AND used_at IS NULL AND expires_at > $4
      RETURNING user_id, login_challenge_hash`,
    [data.challenge, purpose, companyId, new Date(now).toISOString()],
  );
  if (!row) return null;
  return {
    challenge: data.challenge,
    origin: data.origin,
    userId: row.user_id,
    login: row.login_challenge_hash,
  };
}

type PasskeyRow = {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  sign_count: string | number;
  transports: string[] | null;
};

async function userPasskeys(q: Queryable, userId: string): Promise<PasskeyRow[]> {
  return q.query<PasskeyRow>(
    `SELECT id, user_id, credential_id, public_key, sign_count, transports FROM user_factors
      WHERE user_id = $1 AND kind = 'passkey' AND confirmed_at IS NOT NULL ORDER BY created_at`,
    [userId],
  );
}

/** Whether the user has a passkey (the second step then offers it). */
export async function hasPasskey(q: Queryable, userId: string): Promise<boolean> {
  return (await userPasskeys(q, userId)).length > 0;
}

/** Options for adding a passkey; the user's own are excluded (one per authenticator). */
export async function registrationOptions(
  q: Queryable,
  user: { id: string; email: string },
  company: Company,
  now: number,
) {
  const options = await generateRegistrationOptions({
    rpName: company.name,
    rpID: company.domain,
    userName: user.email,
    userID: isoUint8Array.fromUTF8String(user.id),
    attestationType: "none",
    excludeCredentials: (await userPasskeys(q, user.id)).map((p) => ({
      id: p.credential_id,
      ...(p.transports ? { transports: p.transports } : {}),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await openCeremony(
    q,
    { challenge: options.challenge, purpose: "register", companyId: company.id, userId: user.id },
    now,
  );
  return { options };
}

/** Verifies the browser's answer to a registration and keeps the passkey; answers its factor id. */
export async function registerPasskey(
  q: Queryable,
  userId: string,
  company: Company,
  name: string,
  response: RegistrationResponseJSON,
  now: number,
): Promise<string> {
  const ceremony = await takeCeremony(
    q,
    response.response.clientDataJSON,
    "register",
    company.id,
    now,
  );
  if (!ceremony || ceremony.userId !== userId || !fromCompanyHost(ceremony.origin, company.domain))
    throw invalidPasskey();
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: ceremony.origin,
    expectedRPID: company.domain,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw invalidPasskey();
  const { credential } = verified.registrationInfo;
  const id = `FAC-${randomBytes(9).toString("base64url")}`;
  const at = new Date(now).toISOString();
  const inserted = await q.query(
    `INSERT INTO user_factors (id, user_id, kind, name, credential_id, public_key, sign_count, transports, rp_id, confirmed_at, created_at)
     VALUES ($1, $2, 'passkey', $3, $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (credential_id) DO NOTHING RETURNING 1`,
    [
      id,
      userId,
      name,
      credential.id,
      isoBase64URL.fromBuffer(credential.publicKey),
      credential.counter,
      JSON.stringify(credential.transports ?? []),
      company.domain,
      at,
    ],
  );
  if (inserted.length === 0) throw invalidPasskey();
  return id;
}

/** Options for the second step of a password sign-in (`loginChallenge`): the user's passkeys. */
export async function secondStepOptions(
  q: Queryable,
  userId: string,
  company: Company,
  loginChallenge: string,
  now: number,
) {
  const passkeys = await userPasskeys(q, userId);
  if (passkeys.length === 0) throw invalidPasskey(401);
  const options = await generateAuthenticationOptions({
    rpID: company.domain,
    allowCredentials: passkeys.map((p) => ({
      id: p.credential_id,
      ...(p.transports ? { transports: p.transports } : {}),
    })),
    userVerification: "preferred",
  });
  await openCeremony(
    q,
    {
      challenge: options.challenge,
      purpose: "second_factor",
      companyId: company.id,
      userId,
      loginChallenge,
    },
    now,
  );
  return { options };
}

/** Options for signing in with a passkey alone: none named, the browser offers the host's. */
export async function signInOptions(q: Queryable, company: Company, now: number) {
  const options = await generateAuthenticationOptions({
    rpID: company.domain,
    userVerification: "required",
  });
  await openCeremony(
    q,
    { challenge: options.challenge, purpose: "sign_in", companyId: company.id, userId: null },
    now,
  );
  return { options };
}

/**
 * The user a passkey's assertion signs in, or null: it must answer an open ceremony of `purpose`
 * (for the second step, of that login challenge and user), come from the company's host, and be
 * signed by a passkey of a user of the company whose counter moved on. The passkey is marked used.
 */
export async function verifyAssertion(
  q: Queryable,
  purpose: "second_factor" | "sign_in",
  company: Company,
  response: AuthenticationResponseJSON,
  now: number,
  step?: { userId: string; loginChallenge: string },
): Promise<string | null> {
  const ceremony = await takeCeremony(
    q,
    response.response.clientDataJSON,
    purpose,
    company.id,
    now,
  );
  if (!ceremony || !fromCompanyHost(ceremony.origin, company.domain)) return null;
  if (
    step &&
    (ceremony.userId !== step.userId || ceremony.login !== hashToken(step.loginChallenge))
  )
    return null;
  const [passkey] = await q.query<PasskeyRow>(
    `SELECT f.id, f.user_id, f.credential_id, f.public_key, f.sign_count, f.transports
       FROM user_factors f JOIN users u ON u.id = f.user_id
      WHERE f.credential_id = $1 AND f.kind = 'passkey' AND f.confirmed_at IS NOT NULL
        AND u.company_id = $2 AND f.rp_id = $3
      FOR UPDATE OF f`,
    [response.id, company.id, company.domain],
  );
  if (!passkey || (step && passkey.user_id !== step.userId)) return null;
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: ceremony.origin,
    expectedRPID: company.domain,
    credential: {
      id: passkey.credential_id,
      publicKey: isoBase64URL.toBuffer(passkey.public_key),
      counter: Number(passkey.sign_count),
      ...(passkey.transports ? { transports: passkey.transports } : {}),
    },
    requireUserVerification: purpose === "sign_in",
  }).catch(() => null);
  if (!verified?.verified) return null;
  await q.query("UPDATE user_factors SET sign_count = $2, last_used_at = $3 WHERE id = $1", [
    passkey.id,
    verified.authenticationInfo.newCounter,
    new Date(now).toISOString(),
  ]);
  return passkey.user_id;
}
