/**
 * The second factor (sandbox/README.md "Second factor"): enroll and confirm an authenticator app,
 * list and remove factors, recovery codes, and the sign-in's second step. Writers run inside the
 * route's transaction.
 */
import {
  RECOVERY_CODE_COUNT,
  type ConfirmedFactorDto,
  type FactorDto,
  type FactorListDto,
  type SecondFactorRequiredDto,
  type TotpEnrollmentDto,
} from "@billing-portal/contract/wire/factors";
import { recordUserActivity, userActor } from "../activity/record";
import { newToken } from "../crypto";
import type { Queryable } from "../db";
import { ApiError, notFound } from "../http";
import { acceptedStep, newTotp } from "./totp";
import {
  consumeRecoveryCode,
  deleteFactor,
  deleteRecoveryCodes,
  findFactor,
  insertChallenge,
  insertTotpFactor,
  issueRecoveryCodes,
  listFactorRows,
  markTotpUsed,
  recoveryCodesLeft,
  type FactorRow,
} from "./store";

/** How long the challenge of a password sign-in waits for its second step. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export const invalidCode = () =>
  new ApiError(400, "invalid_code", "That code is not right. Check it and try again.");

const factorNotFound = () => notFound("Factor not found");

const toDto = (f: FactorRow): FactorDto => ({
  id: f.id,
  kind: f.kind,
  name: f.name,
  created_at: f.created_at,
  last_used_at: f.last_used_at,
});

export async function listFactors(q: Queryable, userId: string): Promise<FactorListDto> {
  return {
    factors: (await listFactorRows(q, userId)).map(toDto),
    recovery_codes_left: await recoveryCodesLeft(q, userId),
  };
}

/** Whether the user has a confirmed factor: a password alone does not sign them in. */
export async function hasSecondFactor(q: Queryable, userId: string): Promise<boolean> {
  return (await listFactorRows(q, userId)).length > 0;
}

export async function enrollTotp(
  q: Queryable,
  user: { id: string; email: string },
  issuer: string,
  name: string | undefined,
  now: number,
): Promise<TotpEnrollmentDto> {
  const { secret, uri } = newTotp(issuer, user.email);
  const id = await insertTotpFactor(q, user.id, name || "Authenticator app", secret, now);
  return { factor_id: id, secret, otpauth_uri: uri };
}

/** Confirms an enrolled factor by its first code; the user's first factor brings recovery codes. */
export async function confirmFactor(
  q: Queryable,
  user: { id: string; email: string },
  id: string,
  code: string,
  now: number,
): Promise<ConfirmedFactorDto> {
  const userId = user.id;
  const factor = await findFactor(q, userId, id, true);
  if (!factor || factor.kind !== "totp" || !factor.totp_secret) throw factorNotFound();
  const step = acceptedStep(factor.totp_secret, code, now, factor.last_totp_step);
  if (step === null) throw invalidCode();
  const first = !(await hasSecondFactor(q, userId));
  if (!(await markTotpUsed(q, id, step, now, factor.confirmed_at === null))) throw invalidCode();
  const codes = first ? await issueRecoveryCodes(q, userId, RECOVERY_CODE_COUNT) : null;
  if (factor.confirmed_at === null) {
    // Added once it works: an enrollment never confirmed changed nothing.
    await recordUserActivity(q, userId, {
      kind: "second_factor.added",
      actor: userActor(user),
      subjectId: factor.id,
      details: { factor_kind: factor.kind, name: factor.name },
      at: now,
    });
  }
  const confirmed = await findFactor(q, userId, id);
  return { factor: toDto(confirmed ?? factor), recovery_codes: codes };
}

/** A factor just made (a passkey); the user's first brings the recovery codes. */
export async function confirmedFactor(
  q: Queryable,
  user: { id: string; email: string },
  id: string,
  first: boolean,
  now: number,
): Promise<ConfirmedFactorDto> {
  const codes = first ? await issueRecoveryCodes(q, user.id, RECOVERY_CODE_COUNT) : null;
  const factor = await findFactor(q, user.id, id);
  if (!factor) throw factorNotFound();
  await recordUserActivity(q, user.id, {
    kind: "second_factor.added",
    actor: userActor(user),
    subjectId: factor.id,
    details: { factor_kind: factor.kind, name: factor.name },
    at: now,
  });
  return { factor: toDto(factor), recovery_codes: codes };
}

export async function removeFactor(
  q: Queryable,
  user: { id: string; email: string },
  id: string,
  now: number,
): Promise<void> {
  const userId = user.id;
  const factor = await findFactor(q, userId, id, true);
  if (!factor) throw factorNotFound();
  await deleteFactor(q, id);
  if (factor.confirmed_at !== null) {
    await recordUserActivity(q, userId, {
      kind: "second_factor.removed",
      actor: userActor(user),
      subjectId: factor.id,
      details: { factor_kind: factor.kind, name: factor.name },
      at: now,
    });
  }
  // Without a factor, recovery codes would recover nothing.
  if (!(await hasSecondFactor(q, userId))) await deleteRecoveryCodes(q, userId);
}

export async function renewRecoveryCodes(
  q: Queryable,
  user: { id: string; email: string },
  now: number,
): Promise<{ recovery_codes: string[] }> {
  if (!(await hasSecondFactor(q, user.id))) {
    throw new ApiError(400, "invalid_request", "Add a second factor first.");
  }
  const codes = await issueRecoveryCodes(q, user.id, RECOVERY_CODE_COUNT);
  await recordUserActivity(q, user.id, {
    kind: "recovery_codes.renewed",
    actor: userActor(user),
    subjectId: null,
    details: { count: codes.length },
    at: now,
  });
  return { recovery_codes: codes };
}

/**
 * The challenge a password sign-in answers a user with a factor; `human`: its captcha was solved,
 * so its code is not asked for one again.
 */
export async function secondFactorChallenge(
  q: Queryable,
  userId: string,
  now: number,
  human: boolean,
): Promise<SecondFactorRequiredDto> {
  const challenge = newToken();
  const expiresAt = now + CHALLENGE_TTL_MS;
  await insertChallenge(q, userId, challenge, expiresAt, human);
  const kinds = new Set((await listFactorRows(q, userId)).map((f) => f.kind));
  return {
    second_factor: {
      challenge,
      methods: [
        ...(kinds.has("totp") ? (["totp"] as const) : []),
        ...(kinds.has("passkey") ? (["passkey"] as const) : []),
        "recovery_code",
      ],
      expires_at: new Date(expiresAt).toISOString(),
    },
  };
}

/**
 * Whether `code` (an app's code) or `recoveryCode` is right for the user now; a right one is used
 * up (the app's code in its step, the recovery code for good).
 */
export async function verifyFactor(
  q: Queryable,
  userId: string,
  answer: { code?: string; recovery_code?: string },
  now: number,
): Promise<boolean> {
  if (answer.recovery_code !== undefined) {
    return consumeRecoveryCode(q, userId, answer.recovery_code, now);
  }
  for (const factor of await listFactorRows(q, userId)) {
    if (factor.kind !== "totp" || !factor.totp_secret) continue;
    const step = acceptedStep(factor.totp_secret, answer.code ?? "", now, factor.last_totp_step);
    if (step === null) continue;
    if (await markTotpUsed(q, factor.id, step, now, false)) return true;
  }
  return false;
}
