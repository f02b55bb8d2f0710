import "server-only";
import { billingRequest } from "./client";
import {
  reshapeLogin,
  reshapeLoginOutcome,
  type LoginOutcome,
  type Tokens,
  type User,
} from "./dto";

// The sign-in family of /v1/auth. Callers pass the company of the request's host and the client IP;
// nothing here trusts the browser for either.

type Ctx = { clientIp?: string };
/** A sign-in's context: also the browser's User-Agent, for the user's list of sessions. */
type SignInCtx = Ctx & { userAgent?: string | null };

/**
 * POST /v1/auth/login with e-mail and password: signed in, or (a user with a second factor) the
 * challenge of the second step.
 */
export async function login(
  input: { email: string; password: string; companyId: string; captchaToken?: string },
  ctx: SignInCtx = {},
): Promise<LoginOutcome> {
  return reshapeLoginOutcome(
    await billingRequest<unknown>("/v1/auth/login", {
      method: "POST",
      body: input,
      clientIp: ctx.clientIp,
      clientUserAgent: ctx.userAgent,
    }),
  );
}

/** POST /v1/auth/login with a punch-out link's token and encrypted e-mail (no second step). */
export async function punchoutLogin(
  input: { token: string; encryptedEmail: string; companyId: string },
  ctx: SignInCtx = {},
): Promise<{ tokens: Tokens; user: User }> {
  return reshapeLogin(
    await billingRequest<unknown>("/v1/auth/login", {
      method: "POST",
      body: input,
      clientIp: ctx.clientIp,
      clientUserAgent: ctx.userAgent,
    }),
  );
}

/** POST /v1/auth/second-factor: the login's challenge and a code, or a recovery code. */
export async function verifySecondFactor(
  input: {
    challenge: string;
    code?: string;
    recovery_code?: string;
    passkey?: Record<string, unknown>;
    captchaToken?: string;
  },
  ctx: SignInCtx = {},
): Promise<{ tokens: Tokens; user: User }> {
  return reshapeLogin(
    await billingRequest<unknown>("/v1/auth/second-factor", {
      method: "POST",
      body: input,
      clientIp: ctx.clientIp,
      clientUserAgent: ctx.userAgent,
    }),
  );
}

/** POST /v1/auth/forgot-password (same answer whether or not the e-mail exists). */
export async function requestPasswordReset(
  input: { email: string; companyId: string; captchaToken: string },
  ctx: Ctx = {},
): Promise<void> {
  await billingRequest<unknown>("/v1/auth/forgot-password", {
    method: "POST",
    body: input,
    clientIp: ctx.clientIp,
  });
}

/** POST /v1/auth/register. */
export async function register(
  input: { email: string; password: string; tokenId: string; companyId: string; company: string },
  ctx: Ctx = {},
): Promise<void> {
  await billingRequest<unknown>("/v1/auth/register", {
    method: "POST",
    body: input,
    clientIp: ctx.clientIp,
  });
}

/** POST /v1/auth/reset-password. */
export async function resetPassword(
  input: { password: string; passwordConfirmation: string; tokenId: string; companyId: string },
  ctx: Ctx = {},
): Promise<void> {
  await billingRequest<unknown>("/v1/auth/reset-password", {
    method: "POST",
    body: input,
    clientIp: ctx.clientIp,
  });
}

/** POST /v1/auth/logout: revokes the refresh-token family. */
export async function revokeTokens(
  accessToken: string,
  refreshToken: string,
  ctx: Ctx = {},
): Promise<void> {
  await billingRequest<unknown>("/v1/auth/logout", {
    method: "POST",
    body: { refreshToken },
    accessToken,
    clientIp: ctx.clientIp,
  });
}

/** POST /v1/auth/generate_portal_logs?companyId&action&email: the signed-out audit entry. */
export async function writeAuditEntry(
  input: { companyId: string; action: "logout"; email: string },
  ctx: Ctx = {},
): Promise<void> {
  await billingRequest<unknown>("/v1/auth/generate_portal_logs", {
    method: "POST",
    query: input,
    clientIp: ctx.clientIp,
  });
}

/** POST /v1/auth/passkey: a passkey alone signs in (where the company allows it). */
export async function passkeySignIn(
  input: { companyId: string; response: Record<string, unknown> },
  ctx: SignInCtx = {},
): Promise<{ tokens: Tokens; user: User }> {
  return reshapeLogin(
    await billingRequest<unknown>("/v1/auth/passkey", {
      method: "POST",
      body: input,
      clientIp: ctx.clientIp,
      clientUserAgent: ctx.userAgent,
    }),
  );
}
