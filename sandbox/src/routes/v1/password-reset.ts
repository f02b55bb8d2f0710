/** Password reset: the mailed link (forgot-password), its check, and the new password. */
import { recordUserActivity, userActor } from "../../activity/record";
import { Hono } from "hono";
import { jsonBody } from "../../body";
import { hashPassword } from "../../crypto";
import type { SandboxEnv } from "../../env";
import { ApiError, tokenInvalid } from "../../http";
import { clientIp } from "../../request-info";
import { envelope } from "../../respond";
import { findCompanyById, portalOrigin } from "../../store/companies";
import {
  createEmailToken,
  findEmailToken,
  isUsable,
  markEmailTokenUsed,
} from "../../store/email-tokens";
import { sendMail } from "../../store/mail";
import { revokeUserTokens } from "../../store/session-tokens";
import { findUserByEmail, findUserById, setPassword } from "../../store/users";
import { forgotBody, resetBody } from "@billing-portal/contract/wire/auth";

export const passwordResetRoutes = new Hono<SandboxEnv>();

// POST /v1/auth/forgot-password {email, companyId, captchaToken} – mail a reset link if the user exists
passwordResetRoutes.post("/auth/forgot-password", async (c) => {
  const { app } = c.var;
  const body = await jsonBody(c, forgotBody);
  const captchaOk = body.captchaToken
    ? await app.verifyCaptcha(body.captchaToken, clientIp(c))
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
  // The same answer whether or not the address exists: no account enumeration.
  return envelope(c, { success: true });
});

// GET /v1/token/reset-password/:tokenId – the e-mail of a usable reset link
passwordResetRoutes.get("/token/reset-password/:tokenId", async (c) => {
  const { app } = c.var;
  const token = await findEmailToken(app.db, "reset", c.req.param("tokenId"));
  if (!token || !isUsable(token, app.now())) throw tokenInvalid();
  return envelope(c, { email: token.email });
});

// POST /v1/auth/reset-password {password, passwordConfirmation, tokenId, companyId} – set it, end every session
passwordResetRoutes.post("/auth/reset-password", async (c) => {
  const { app } = c.var;
  const body = await jsonBody(c, resetBody);
  const passwordHash = await hashPassword(body.password);
  const now = app.now();
  const ok = await app.db.transaction(async (tx) => {
    const token = await findEmailToken(tx, "reset", body.tokenId, true);
    if (!token || !isUsable(token, now) || token.company_id !== body.companyId) return false;
    const user = token.user_id
      ? await findUserById(tx, token.user_id)
      : await findUserByEmail(tx, token.company_id, token.email);
    if (!user) return false;
    await setPassword(tx, now, user.id, passwordHash);
    await markEmailTokenUsed(tx, now, token.id);
    await revokeUserTokens(tx, now, user.id);
    await recordUserActivity(tx, user.id, {
      kind: "password.changed",
      actor: userActor(user),
      subjectId: null,
      details: { via: "reset" },
      at: now,
    });
    return true;
  });
  if (!ok) throw tokenInvalid();
  return envelope(c, { success: true });
});
