import "server-only";
import { billingRequest } from "./client";
import { reshapeLogin, type Tokens, type User } from "./dto";

// The sign-in family of /v1/auth. Callers pass the company of the request's host and the client IP;
// nothing here trusts the browser for either.

type Ctx = { clientIp?: string };

type LoginBody =
  | { email: string; password: string; companyId: string; captchaToken?: string }
  | { token: string; encryptedEmail: string; companyId: string };

/** POST /v1/auth/login: with e-mail and password, or with the punch-out token and encrypted e-mail. */
export async function login(
  input: LoginBody,
  ctx: Ctx = {},
): Promise<{ tokens: Tokens; user: User }> {
  return reshapeLogin(
    await billingRequest<unknown>("/v1/auth/login", {
      method: "POST",
      body: input,
      clientIp: ctx.clientIp,
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
