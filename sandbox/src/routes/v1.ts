/** The /v1 billing API of CONTRACT.md §1 (sign-in family, user, customers, portal configuration, audit). */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { MIN_PASSWORD_LENGTH, passwordRules } from "../../../lib/schemas/shared";
import type { App } from "../app";
import { burnPasswordCheck, decryptEmail, hashPassword, verifyPassword } from "../crypto";
import {
  ApiError,
  ceilSeconds,
  notFound,
  parseWith,
  rateLimited,
  tokenInvalid,
  validationError,
} from "../http";
import { LoginRateLimiter } from "../rate-limit";
import { Router, type RequestContext } from "../router";
import {
  createCustomer,
  findCompanyByHost,
  findCompanyById,
  findCompanyCustomer,
  findUserByEmail,
  findUserById,
  listUserCustomers,
  portalOrigin,
  sendMail,
  toCustomerDto,
  toPortalConfig,
  toUserDto,
  writeAudit,
  type CompanyRow,
} from "../store";
import {
  authenticate,
  createEmailToken,
  findEmailToken,
  isExpired,
  isUsable,
  issueTokens,
  markEmailTokenUsed,
  refreshTokens,
  revokeAccessTokenFamily,
  revokeRefreshToken,
  revokeUserTokens,
  type TokensDto,
} from "../tokens";

// ---------------------------------------------------------------------------------------------
// Request schemas (messages are human text: the `error` of the envelope).

const required = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} is too long` });

const emailField = required("email", 254).pipe(z.email({ error: "Invalid email" }));
const companyIdField = required("companyId", 100);
const tokenField = (name: string) => required(name, 512);
const passwordField = z
  .string({ error: "password is required" })
  .min(1, { error: "password is required" })
  .max(200, { error: "password is too long" });

/** The portal's password policy (lib/schemas/shared.ts): 8+ characters, lower, upper, digit, special, no whitespace. */
const newPasswordField = passwordField
  .refine((v) => v.length >= MIN_PASSWORD_LENGTH, {
    error: `password must be at least ${MIN_PASSWORD_LENGTH} characters`,
    abort: true,
  })
  .refine((v) => passwordRules.every((rule) => rule.test(v)), {
    error: "Password Conditions not met.",
  });

const credentialsLogin = z.object({
  email: emailField,
  password: passwordField,
  companyId: companyIdField,
});
const punchoutLogin = z.object({
  token: tokenField("token"),
  encryptedEmail: tokenField("encryptedEmail"),
  companyId: companyIdField,
});
const refreshBody = z.object({ refreshToken: tokenField("refreshToken") });
const logoutBody = z.object({ refreshToken: z.string().max(512).optional() });
const forgotBody = z.object({
  email: emailField,
  companyId: companyIdField,
  captchaToken: z
    .string({ error: "captchaToken is required" })
    .max(10_000, { error: "captchaToken is too long" })
    .optional(),
});
const registerBody = z.object({
  email: emailField,
  password: newPasswordField,
  tokenId: tokenField("tokenId"),
  companyId: companyIdField,
  company: z.string().max(200).optional(),
});
const resetBody = z
  .object({
    password: newPasswordField,
    passwordConfirmation: z.string({ error: "passwordConfirmation is required" }).max(200),
    tokenId: tokenField("tokenId"),
    companyId: companyIdField,
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    error: "Password confirmation does not match",
    path: ["passwordConfirmation"],
  });
const selectCustomerBody = z.object({
  customer_id: z.union([required("customer_id", 100), z.number().int().transform(String)]),
});
const auditQuery = z.object({
  companyId: required("companyId", 100),
  action: required("action", 200),
  email: z.string().trim().max(254).optional(),
});

// ---------------------------------------------------------------------------------------------

type UserAndTokens = TokensDto & { user: ReturnType<typeof toUserDto> };

const invalidCredentials = () =>
  new ApiError(401, "invalid_credentials", "Invalid e-mail or password");
const punchoutInvalid = () =>
  new ApiError(401, "token_invalid", "The punch-out link is invalid or has expired");

function checkLoginLimit(app: App, accountKey: string | null, client: string): void {
  const waitMs = app.limiter.blockedFor(accountKey, client, app.now());
  if (waitMs > 0)
    throw rateLimited(ceilSeconds(waitMs), "Too many failed login attempts. Try again later.");
}

async function passwordLogin(app: App, ctx: RequestContext, raw: unknown): Promise<UserAndTokens> {
  const body = parseWith(credentialsLogin, raw);
  const accountKey = LoginRateLimiter.accountKey(body.companyId, body.email);
  checkLoginLimit(app, accountKey, ctx.clientIp);
  const user = await findUserByEmail(app.db, body.companyId, body.email);
  const ok = user
    ? await verifyPassword(body.password, user.password_hash)
    : await burnPasswordCheck(body.password);
  if (!user || !ok) {
    app.limiter.recordFailure(accountKey, ctx.clientIp, app.now());
    throw invalidCredentials();
  }
  app.limiter.recordSuccess(accountKey);
  const tokens = await app.db.transaction((tx) => issueTokens(tx, app, user.id));
  return { ...tokens, user: toUserDto(user) };
}

/** Punch-out: a single-use 5-minute token whose e-mail must equal the decrypted encryptedEmail. */
async function punchoutLoginHandler(
  app: App,
  ctx: RequestContext,
  raw: unknown,
): Promise<UserAndTokens> {
  const body = parseWith(punchoutLogin, raw);
  checkLoginLimit(app, null, ctx.clientIp);
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
    const tokens = await issueTokens(tx, app, user.id);
    return { ...tokens, user: toUserDto(user) };
  });
  if (!outcome) {
    app.limiter.recordFailure(null, ctx.clientIp, app.now());
    throw punchoutInvalid();
  }
  return outcome;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Whether the `company` a client sends names this company (its name, id or domain). */
function namesCompany(company: CompanyRow, value: string | undefined): boolean {
  const v = value?.trim().toLowerCase();
  if (!v) return true;
  return [company.name, company.id, company.domain].some((x) => x.toLowerCase() === v);
}

function localPart(email: string): string {
  return email.split("@")[0]?.trim() || email;
}

export function createV1Router(app: App): Router<unknown> {
  const r = new Router<unknown>();

  r.get("/v1/portalConfiguration", async (ctx) => {
    const raw = ctx.query.get("host")?.trim().toLowerCase() ?? "";
    if (!raw) throw validationError("host is required");
    // Tolerate a port: host names never contain ':' except IPv6 literals in brackets.
    const host = raw.startsWith("[")
      ? raw.replace(/^(\[[^\]]*\])(:\d+)?$/, "$1")
      : raw.replace(/:\d+$/, "");
    const company = await findCompanyByHost(app.db, host);
    if (!company) throw notFound("No portal at this address");
    return toPortalConfig(company);
  });

  r.post("/v1/auth/login", async (ctx) => {
    const raw = await ctx.body();
    if (isObject(raw) && ("token" in raw || "encryptedEmail" in raw))
      return punchoutLoginHandler(app, ctx, raw);
    return passwordLogin(app, ctx, raw);
  });

  r.post("/v1/auth/refresh-tokens", async (ctx) => {
    const body = parseWith(refreshBody, await ctx.body());
    return refreshTokens(app, body.refreshToken);
  });

  r.post("/v1/auth/logout", async (ctx) => {
    const body = parseWith(logoutBody, await ctx.body());
    // The refresh token (possession proves the session) or else the bearer's family is ended.
    if (body.refreshToken) {
      await revokeRefreshToken(app, body.refreshToken);
    } else {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.req.headers.authorization ?? "")?.[1];
      if (!bearer) throw validationError("refreshToken is required");
      await revokeAccessTokenFamily(app, bearer);
    }
    return { success: true };
  });

  r.post("/v1/auth/forgot-password", async (ctx) => {
    const body = parseWith(forgotBody, await ctx.body());
    const captchaOk = body.captchaToken
      ? await app.verifyCaptcha(body.captchaToken, ctx.clientIp)
      : false;
    if (!captchaOk) throw new ApiError(400, "captcha_failed", "Please verify that you are human");
    const now = app.now();
    const company = await findCompanyById(app.db, body.companyId);
    const user = company ? await findUserByEmail(app.db, company.id, body.email) : null;
    if (company && user) {
      await app.db.transaction(async (tx) => {
        const { token } = await createEmailToken(tx, now, {
          kind: "reset",
          email: user.email,
          companyId: company.id,
          userId: user.id,
          ttlSeconds: app.config.emailTokenTtlSeconds,
        });
        const link = `${portalOrigin(app.config, company)}/portal/reset-password/${token}`;
        const hours = Math.round(app.config.emailTokenTtlSeconds / 3600);
        await sendMail(tx, now, {
          to: user.email,
          companyId: company.id,
          subject: `Reset your ${company.name} portal password`,
          text:
            `Hello,\n\nSomeone asked to reset the password of your ${company.name} billing portal account.\n` +
            `Choose a new password here (the link works once and expires in ${hours} hours):\n\n${link}\n\n` +
            `If you did not ask for this, ignore this e-mail.\n`,
        });
      });
    }
    return { success: true };
  });

  r.get("/v1/token/reset-password/:tokenId", async (ctx) => {
    const token = await findEmailToken(app.db, "reset", ctx.params.tokenId ?? "");
    if (!token || !isUsable(token, app.now())) throw tokenInvalid();
    return { email: token.email };
  });

  r.post("/v1/auth/reset-password", async (ctx) => {
    const body = parseWith(resetBody, await ctx.body());
    const passwordHash = await hashPassword(body.password);
    const now = app.now();
    const ok = await app.db.transaction(async (tx) => {
      const token = await findEmailToken(tx, "reset", body.tokenId, true);
      if (!token || !isUsable(token, now) || token.company_id !== body.companyId) return false;
      const user = token.user_id
        ? await findUserById(tx, token.user_id)
        : await findUserByEmail(tx, token.company_id, token.email);
      if (!user) return false;
      // Following the link proves the mailbox: the address counts as verified.
      await tx.query(
        "UPDATE users SET password_hash = $2, email_verified = true, updated_at = $3 WHERE id = $1",
        [user.id, passwordHash, new Date(now)],
      );
      await markEmailTokenUsed(tx, now, token.id);
      await revokeUserTokens(tx, now, user.id);
      return true;
    });
    if (!ok) throw tokenInvalid();
    return { success: true };
  });

  r.get("/v1/register/:tokenId", async (ctx) => {
    const now = app.now();
    const token = await findEmailToken(app.db, "invitation", ctx.params.tokenId ?? "");
    if (!token) throw tokenInvalid();
    const company = await findCompanyById(app.db, token.company_id);
    if (!company) throw tokenInvalid();
    // A token that already granted access (used, or the address is registered) shows the login page.
    const registered =
      token.used_at !== null || (await findUserByEmail(app.db, company.id, token.email)) !== null;
    if (!registered && isExpired(token, now)) throw tokenInvalid();
    return {
      email: token.email,
      company: company.name,
      companyId: company.id,
      status: registered ? "granted" : "pending",
    };
  });

  r.post("/v1/auth/register", async (ctx) => {
    const body = parseWith(registerBody, await ctx.body());
    const passwordHash = await hashPassword(body.password);
    const now = app.now();
    const outcome = await app.db.transaction(async (tx): Promise<ApiError | null> => {
      const token = await findEmailToken(tx, "invitation", body.tokenId, true);
      if (!token || !isUsable(token, now)) return tokenInvalid();
      const company = await findCompanyById(tx, token.company_id);
      if (!company || company.id !== body.companyId || !namesCompany(company, body.company)) {
        return tokenInvalid("The invitation does not belong to this company");
      }
      if (token.email.trim().toLowerCase() !== body.email.trim().toLowerCase()) {
        return tokenInvalid("The e-mail does not match the invitation");
      }
      if (await findUserByEmail(tx, company.id, token.email)) {
        return new ApiError(409, "already_registered", "This e-mail address is already registered");
      }
      const customer = token.customer_id
        ? ((await findCompanyCustomer(tx, company.id, token.customer_id)) ??
          (await createCustomer(tx, company.id, localPart(token.email))))
        : await createCustomer(tx, company.id, localPart(token.email));
      const userId = randomUUID();
      await tx.query(
        `INSERT INTO users (id, company_id, email, password_hash, email_verified, customer_id, selected_customer_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, false, $5, $5, $6, $6)`,
        [userId, company.id, token.email.trim(), passwordHash, customer.id, new Date(now)],
      );
      await tx.query(
        "INSERT INTO user_customers (user_id, customer_id, position) VALUES ($1, $2, 0)",
        [userId, customer.id],
      );
      await markEmailTokenUsed(tx, now, token.id);
      const verify = await createEmailToken(tx, now, {
        kind: "verify",
        email: token.email.trim(),
        companyId: company.id,
        userId,
        ttlSeconds: app.config.emailTokenTtlSeconds,
      });
      const link = `${portalOrigin(app.config, company)}/portal/verify-email/${verify.token}`;
      await sendMail(tx, now, {
        to: token.email.trim(),
        companyId: company.id,
        subject: `Confirm your e-mail address for ${company.name}`,
        text:
          `Welcome to the ${company.name} billing portal.\n\n` +
          `Please confirm your e-mail address (the link works once):\n\n${link}\n`,
      });
      return null;
    });
    if (outcome) throw outcome;
    return { success: true };
  });

  r.get("/v1/auth/verify-email", async (ctx) => {
    const raw = ctx.query.get("token") ?? "";
    if (!raw) throw validationError("token is required");
    const now = app.now();
    const email = await app.db.transaction(async (tx) => {
      const token = await findEmailToken(tx, "verify", raw, true);
      if (!token || !isUsable(token, now)) return null;
      await markEmailTokenUsed(tx, now, token.id);
      if (token.user_id) {
        await tx.query("UPDATE users SET email_verified = true, updated_at = $2 WHERE id = $1", [
          token.user_id,
          new Date(now),
        ]);
      } else {
        await tx.query(
          "UPDATE users SET email_verified = true, updated_at = $3 WHERE company_id = $1 AND lower(email) = lower($2)",
          [token.company_id, token.email, new Date(now)],
        );
      }
      return token.email;
    });
    if (email === null) throw tokenInvalid();
    return { success: true, email };
  });

  r.get("/v1/user/me", async (ctx) => {
    const user = await authenticate(app, ctx.req.headers.authorization);
    return toUserDto(user);
  });

  r.get("/v1/user/portalUserCustomer", async (ctx) => {
    const user = await authenticate(app, ctx.req.headers.authorization);
    return (await listUserCustomers(app.db, user.id)).map(toCustomerDto);
  });

  r.post("/v1/user/portalUserCustomer", async (ctx) => {
    const user = await authenticate(app, ctx.req.headers.authorization);
    const body = parseWith(selectCustomerBody, await ctx.body());
    // customer_id may be the customer's id or its account number.
    const customer = await findCompanyCustomer(app.db, user.company_id, body.customer_id);
    if (!customer) throw notFound("Customer not found");
    const linked = (await listUserCustomers(app.db, user.id)).some((c) => c.id === customer.id);
    if (!linked)
      throw new ApiError(403, "forbidden", "This customer is not linked to your account");
    await app.db.query(
      "UPDATE users SET selected_customer_id = $2, updated_at = $3 WHERE id = $1",
      [user.id, customer.id, new Date(app.now())],
    );
    return toUserDto({ ...user, selected_customer_id: customer.id });
  });

  r.post("/v1/auth/generate_portal_logs", async (ctx) => {
    const fromBody = await ctx.body().catch(() => undefined);
    const source = {
      companyId:
        ctx.query.get("companyId") ?? (isObject(fromBody) ? fromBody.companyId : undefined),
      action: ctx.query.get("action") ?? (isObject(fromBody) ? fromBody.action : undefined),
      email: ctx.query.get("email") ?? (isObject(fromBody) ? fromBody.email : undefined),
    };
    const entry = parseWith(auditQuery, source);
    await writeAudit(app.db, app.now(), {
      companyId: entry.companyId,
      action: entry.action,
      email: entry.email || null,
    });
    return { success: true };
  });

  return r;
}
