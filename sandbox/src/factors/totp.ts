/**
 * Authenticator-app codes (RFC 6238 through otpauth: SHA-1, 6 digits, 30-second steps). A code is
 * accepted within one step either side of the server's clock (a phone's clock drifts), and only
 * in a step later than the last one accepted: a code works once.
 */
import { Secret, TOTP } from "otpauth";

const PERIOD_S = 30;

/** A new secret (160 bits, base32) and its otpauth:// URI for `account` at `issuer`. */
export function newTotp(issuer: string, account: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, issuer, account).toString() };
}

const totpOf = (secret: string, issuer = "", label = "") =>
  new TOTP({ issuer, label, secret: Secret.fromBase32(secret), digits: 6, period: PERIOD_S });

/**
 * The time step `code` belongs to, if it is right for `secret` at `nowMs` (±1 step) and later
 * than `lastStep`; else null.
 */
export function acceptedStep(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(nowMs / 1000 / PERIOD_S) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code for `secret` at `nowMs` (tests and the demo's helpers). */
export const totpCode = (secret: string, nowMs: number) =>
  totpOf(secret).generate({ timestamp: nowMs });
