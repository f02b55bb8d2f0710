/** /v1/user/me/factors and /v1/auth/second-factor: the second factor (sandbox/README.md "Second factor"). */
import {
  addPasskeyBody,
  confirmFactorBody,
  enrollTotpBody,
  passkeySignInBody,
  passkeySignInOptionsBody,
  secondFactorBody,
  secondFactorPasskeyOptionsBody,
} from "@billing-portal/contract/wire/factors";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { Hono } from "hono";
import type { App } from "../../app";
import { jsonBody } from "../../body";
import type { SandboxEnv } from "../../env";
import { ApiError, ceilSeconds, rateLimited } from "../../http";
import { requireUser } from "../../middleware/auth";
import { LoginRateLimiter } from "../../rate-limit";
import { clientIp, clientUserAgent } from "../../request-info";
import { envelope } from "../../respond";
import { findCompanyById } from "../../store/companies";
import { issueTokens } from "../../store/session-tokens";
import { findUserById, toUserDto } from "../../store/users";
import {
  confirmedFactor,
  confirmFactor,
  enrollTotp,
  hasSecondFactor,
  listFactors,
  removeFactor,
  renewRecoveryCodes,
  verifyFactor,
} from "../../factors/service";
import {
  invalidPasskey,
  passkeysAt,
  registerPasskey,
  registrationOptions,
  secondStepOptions,
  signInOptions,
  verifyAssertion,
} from "../../factors/passkeys";
import { findChallenge, useChallenge } from "../../factors/store";

export const factorRoutes = new Hono<SandboxEnv>();

/**
 * Wrong codes are failed sign-ins (per e-mail and client, as wrong passwords): past the limits a
 * 429, and once the account has failures from anywhere, the captcha; never a lock-out.
 */
async function guardCodes(
  client: string,
  app: App,
  user: { company_id: string; email: string },
  captchaToken: string | undefined,
  /** The captcha was solved for this sign-in already (its password step). */
  human = false,
) {
  const accountKey = LoginRateLimiter.accountKey(user.company_id, user.email);
  const waitMs = app.limiter.blockedFor(accountKey, client, app.now());
  if (waitMs > 0)
    throw rateLimited(ceilSeconds(waitMs), "Too many failed attempts. Try again later.");
  if (!human && app.limiter.captchaRequired(accountKey, app.now())) {
    if (!captchaToken)
      throw new ApiError(400, "captcha_required", "Confirm that you are human to go on");
    if (!(await app.verifyCaptcha(captchaToken, client)))
      throw new ApiError(400, "captcha_failed", "Please verify that you are human");
  }
  return {
    failed: () => app.limiter.recordFailure(accountKey, client, app.now()),
    succeeded: () => app.limiter.recordSuccess(accountKey, client),
  };
}

// GET /v1/user/me/factors – {factors, recovery_codes_left}
factorRoutes.get("/user/me/factors", requireUser, async (c) =>
  envelope(c, await listFactors(c.var.app.db, c.var.user.id)),
);

// POST /v1/user/me/factors/totp {name?} – {factor_id, secret, otpauth_uri}
factorRoutes.post("/user/me/factors/totp", requireUser, async (c) => {
  const { app, user } = c.var;
  const body = await jsonBody(c, enrollTotpBody);
  const company = await findCompanyById(app.db, user.company_id);
  const issuer = company?.name ?? user.company_id;
  return envelope(
    c,
    await app.db.transaction((tx) => enrollTotp(tx, user, issuer, body.name, app.now())),
  );
});

// POST /v1/user/me/factors/recovery_codes – ten new codes, the old ones void
factorRoutes.post("/user/me/factors/recovery_codes", requireUser, async (c) => {
  const { app, user } = c.var;
  return envelope(c, await app.db.transaction((tx) => renewRecoveryCodes(tx, user, app.now())));
});

// POST /v1/user/me/factors/:id/confirm {code} – {factor, recovery_codes}
factorRoutes.post("/user/me/factors/:id/confirm", requireUser, async (c) => {
  const { app, user } = c.var;
  const body = await jsonBody(c, confirmFactorBody);
  const guard = await guardCodes(clientIp(c), app, user, undefined);
  try {
    const out = await app.db.transaction((tx) =>
      confirmFactor(tx, user, c.req.param("id"), body.code, app.now()),
    );
    guard.succeeded();
    return envelope(c, out);
  } catch (err) {
    if (err instanceof ApiError && err.errorCode === "invalid_code") guard.failed();
    throw err;
  }
});

// DELETE /v1/user/me/factors/:id – {success}
factorRoutes.delete("/user/me/factors/:id", requireUser, async (c) => {
  const { app, user } = c.var;
  await app.db.transaction((tx) => removeFactor(tx, user, c.req.param("id"), app.now()));
  return envelope(c, { success: true });
});

const challengeInvalid = () =>
  new ApiError(401, "challenge_invalid", "This sign-in has expired. Sign in again.");

// POST /v1/auth/second-factor {challenge, code | recovery_code, captchaToken?} – tokens and the user
factorRoutes.post("/auth/second-factor", async (c) => {
  const { app } = c.var;
  const body = await jsonBody(c, secondFactorBody);
  const pending = await findChallenge(app.db, body.challenge, app.now());
  const user = pending ? await findUserById(app.db, pending.user_id) : null;
  if (!pending || !user) throw challengeInvalid();
  const client = clientIp(c);
  const origin = { userAgent: clientUserAgent(c), ip: client };
  const guard = await guardCodes(client, app, user, body.captchaToken, pending.human);
  const company = body.passkey ? await passkeyCompany(c, user.company_id) : null;
  const outcome = await app.db.transaction(async (tx) => {
    // Locked: one answer per challenge, however many arrive at once.
    if (!(await findChallenge(tx, body.challenge, app.now()))) throw challengeInvalid();
    const right =
      body.passkey && company
        ? (await verifyAssertion(tx, "second_factor", company, assertion(body.passkey), app.now(), {
            userId: user.id,
            loginChallenge: body.challenge,
          })) === user.id
        : await verifyFactor(tx, user.id, body, app.now());
    if (!right) return null;
    await useChallenge(tx, body.challenge, app.now());
    return { ...(await issueTokens(tx, app, user.id, undefined, origin)), user: toUserDto(user) };
  });
  if (!outcome) {
    guard.failed();
    throw new ApiError(400, "invalid_code", "That code is not right. Check it and try again.");
  }
  guard.succeeded();
  return envelope(c, outcome);
});

// ——— Passkeys ———

/** The browser's JSON as the library types it (extension results default to none). */
const assertion = (r: object) =>
  ({ clientExtensionResults: {}, ...r }) as unknown as AuthenticationResponseJSON;
const attestation = (r: object) =>
  ({ clientExtensionResults: {}, ...r }) as unknown as RegistrationResponseJSON;

/** The company, where its portal host can have passkeys (a domain name); else 404. */
async function passkeyCompany(c: { var: { app: App } }, companyId: string) {
  const company = await findCompanyById(c.var.app.db, companyId);
  if (!company || !passkeysAt(company.domain))
    throw new ApiError(404, "not_found", "Passkeys are not available on this portal");
  return company;
}

// POST /v1/user/me/factors/passkey/options – {options} for navigator.credentials.create
factorRoutes.post("/user/me/factors/passkey/options", requireUser, async (c) => {
  const { app, user } = c.var;
  const company = await passkeyCompany(c, user.company_id);
  return envelope(
    c,
    await app.db.transaction((tx) => registrationOptions(tx, user, company, app.now())),
  );
});

// POST /v1/user/me/factors/passkey {name, response} – {factor, recovery_codes}
factorRoutes.post("/user/me/factors/passkey", requireUser, async (c) => {
  const { app, user } = c.var;
  const body = await jsonBody(c, addPasskeyBody);
  const company = await passkeyCompany(c, user.company_id);
  return envelope(
    c,
    await app.db.transaction(async (tx) => {
      const first = !(await hasSecondFactor(tx, user.id));
      const id = await registerPasskey(
        tx,
        user.id,
        company,
        body.name,
        attestation(body.response),
        app.now(),
      );
      return confirmedFactor(tx, user, id, first, app.now());
    }),
  );
});

// POST /v1/auth/second-factor/passkey_options {challenge} – {options} for the second step
factorRoutes.post("/auth/second-factor/passkey_options", async (c) => {
  const { app } = c.var;
  const body = await jsonBody(c, secondFactorPasskeyOptionsBody);
  const pending = await findChallenge(app.db, body.challenge, app.now());
  const user = pending ? await findUserById(app.db, pending.user_id) : null;
  if (!pending || !user) throw challengeInvalid();
  const company = await passkeyCompany(c, user.company_id);
  return envelope(
    c,
    await app.db.transaction((tx) =>
      secondStepOptions(tx, user.id, company, body.challenge, app.now()),
    ),
  );
});

/** Signing in with a passkey alone: where the company allows it (and its host can have them). */
async function passkeySignInCompany(c: { var: { app: App } }, companyId: string) {
  const company = await passkeyCompany(c, companyId);
  if (!company.passkey_sign_in)
    throw new ApiError(404, "not_found", "This portal does not sign in with a passkey alone");
  return company;
}

// POST /v1/auth/passkey/options {companyId} – {options}: no credential named
factorRoutes.post("/auth/passkey/options", async (c) => {
  const { app } = c.var;
  const body = await jsonBody(c, passkeySignInOptionsBody);
  const company = await passkeySignInCompany(c, body.companyId);
  const waitMs = app.limiter.blockedFor(`passkey:${company.id}`, clientIp(c), app.now());
  if (waitMs > 0)
    throw rateLimited(ceilSeconds(waitMs), "Too many failed attempts. Try again later.");
  return envelope(c, await app.db.transaction((tx) => signInOptions(tx, company, app.now())));
});

// POST /v1/auth/passkey {companyId, response} – tokens and the user
factorRoutes.post("/auth/passkey", async (c) => {
  const { app } = c.var;
  const body = await jsonBody(c, passkeySignInBody);
  const company = await passkeySignInCompany(c, body.companyId);
  const client = clientIp(c);
  const key = `passkey:${company.id}`;
  const waitMs = app.limiter.blockedFor(key, client, app.now());
  if (waitMs > 0)
    throw rateLimited(ceilSeconds(waitMs), "Too many failed attempts. Try again later.");
  const outcome = await app.db.transaction(async (tx) => {
    const userId = await verifyAssertion(
      tx,
      "sign_in",
      company,
      assertion(body.response),
      app.now(),
    );
    const user = userId ? await findUserById(tx, userId) : null;
    if (!user) return null;
    return {
      ...(await issueTokens(tx, app, user.id, undefined, {
        userAgent: clientUserAgent(c),
        ip: client,
      })),
      user: toUserDto(user),
    };
  });
  if (!outcome) {
    app.limiter.recordFailure(key, client, app.now());
    throw invalidPasskey(401);
  }
  return envelope(c, outcome);
});
