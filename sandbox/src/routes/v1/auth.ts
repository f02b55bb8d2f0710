/** /v1/auth sign-in family: login (password or punch-out), token refresh, logout. */
import { Hono, type Context } from "hono";
import type { App } from "../../app";
import { readJsonBody, jsonBody } from "../../body";
import { burnPasswordCheck, decryptEmail, verifyPassword } from "../../crypto";
import type { SandboxEnv } from "../../env";
import { ApiError, ceilSeconds, parseWith, rateLimited, validationError } from "../../http";
import { LoginRateLimiter } from "../../rate-limit";
import { clientIp, clientUserAgent } from "../../request-info";
import { envelope } from "../../respond";
import { findEmailToken, isUsable, markEmailTokenUsed } from "../../store/email-tokens";
import {
  issueTokens,
  refreshTokens,
  revokeAccessTokenFamily,
  revokeRefreshToken,
  type TokensDto,
} from "../../store/session-tokens";
import { findUserByEmail, toUserDto, type UserDto } from "../../store/users";
import { hasSecondFactor, secondFactorChallenge } from "../../factors/service";
import type { SecondFactorRequiredDto } from "@billing-portal/contract/wire/factors";
import {
  credentialsBody,
  logoutBody,
  punchoutBody,
  refreshBody,
} from "@billing-portal/contract/wire/auth";

type UserAndTokens = TokensDto & { user: UserDto };

const invalidCredentials = () =>
  new ApiError(401, "invalid_credentials", "Invalid e-mail or password");
const punchoutInvalid = () =>
  new ApiError(401, "token_invalid", "The punch-out link is invalid or has expired");

function checkLoginLimit(app: App, accountKey: string | null, client: string): void {
  const waitMs = app.limiter.blockedFor(accountKey, client, app.now());
  if (waitMs > 0)
    throw rateLimited(ceilSeconds(waitMs), "Too many failed login attempts. Try again later.");
}

async function passwordLogin(
  c: Context<SandboxEnv>,
  raw: unknown,
): Promise<UserAndTokens | SecondFactorRequiredDto> {
  const { app } = c.var;
  const body = parseWith(credentialsBody, raw);
  const client = clientIp(c);
  const accountKey = LoginRateLimiter.accountKey(body.companyId, body.email);
  checkLoginLimit(app, accountKey, client);
  const human = app.limiter.captchaRequired(accountKey, app.now());
  if (human) {
    // Not a failed guess: no password was checked.
    if (!body.captchaToken)
      throw new ApiError(400, "captcha_required", "Confirm that you are human to sign in");
    if (!(await app.verifyCaptcha(body.captchaToken, client)))
      throw new ApiError(400, "captcha_failed", "Please verify that you are human");
  }
  const user = await findUserByEmail(app.db, body.companyId, body.email);
  const ok = user
    ? await verifyPassword(body.password, user.password_hash)
    : await burnPasswordCheck(body.password);
  if (!user || !ok) {
    app.limiter.recordFailure(accountKey, client, app.now());
    throw invalidCredentials();
  }
  // With a second factor the password opens only the second step (factors.ts); the failures
  // counted so far stand until a code is right, so re-entering the password buys no more guesses.
  if (await hasSecondFactor(app.db, user.id)) {
    return app.db.transaction((tx) => secondFactorChallenge(tx, user.id, app.now(), human));
  }
  app.limiter.recordSuccess(accountKey, client);
  const origin = { userAgent: clientUserAgent(c), ip: client };
  const tokens = await app.db.transaction((tx) => issueTokens(tx, app, user.id, undefined, origin));
  return { ...tokens, user: toUserDto(user) };
}

/** Punch-out: a single-use 5-minute token whose e-mail must equal the decrypted encryptedEmail. */
async function punchoutLogin(c: Context<SandboxEnv>, raw: unknown): Promise<UserAndTokens> {
  const { app } = c.var;
  const body = parseWith(punchoutBody, raw);
  const client = clientIp(c);
  checkLoginLimit(app, null, client);
  const now = app.now();
  const email = decryptEmail(body.encryptedEmail, app.config.punchoutKey);
  const outcome = await app.db.transaction(async (tx): Promise<UserAndTokens | null> => {
    const token = await findEmailToken(tx, "punchout", body.token, true);
    if (!token || !isUsable(token, now)) return null;
    // Any presentation burns the token, even a tampered one.
    await markEmailTokenUsed(tx, now, token.id);
    if (token.company_id !== body.companyId) return null;
    if (email === null || email.trim().toLowerCase() !== token.email.trim().toLowerCase())
      return null;
    const user = await findUserByEmail(tx, token.company_id, token.email);
    if (!user) return null;
    const origin = { userAgent: clientUserAgent(c), ip: client };
    const tokens = await issueTokens(tx, app, user.id, undefined, origin);
    return { ...tokens, user: toUserDto(user) };
  });
  if (!outcome) {
    app.limiter.recordFailure(null, client, app.now());
    throw punchoutInvalid();
  }
  return outcome;
}

const isPunchout = (raw: unknown) =>
  typeof raw === "object" && raw !== null && ("token" in raw || "encryptedEmail" in raw);

export const authRoutes = new Hono<SandboxEnv>();

// POST /v1/auth/login {email, password, companyId} | {token, encryptedEmail, companyId} – tokens and the user
authRoutes.post("/auth/login", async (c) => {
  const raw = await readJsonBody(c);
  return envelope(c, isPunchout(raw) ? await punchoutLogin(c, raw) : await passwordLogin(c, raw));
});

// POST /v1/auth/refresh-tokens {refreshToken} – a fresh pair of the same family
authRoutes.post("/auth/refresh-tokens", async (c) => {
  const body = await jsonBody(c, refreshBody);
  return envelope(c, await refreshTokens(c.var.app, body.refreshToken));
});

// POST /v1/auth/logout {refreshToken} – end the session (the refresh token's family, else the bearer's)
authRoutes.post("/auth/logout", async (c) => {
  const body = await jsonBody(c, logoutBody);
  // Possessing the refresh token proves the session; the bearer is only a fallback.
  if (body.refreshToken) {
    await revokeRefreshToken(c.var.app, body.refreshToken);
  } else {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
    if (!bearer) throw validationError("refreshToken is required");
    await revokeAccessTokenFamily(c.var.app, bearer);
  }
  return envelope(c, { success: true });
});
