/** Registration by invitation: the invitation check, the new account, and e-mail verification. */
import { Hono } from "hono";
import type { App } from "../../app";
import { jsonBody } from "../../body";
import { hashPassword } from "../../crypto";
import type { Queryable } from "../../db";
import type { SandboxEnv } from "../../env";
import { ApiError, parseWith, tokenInvalid } from "../../http";
import { envelope } from "../../respond";
import { findCompanyById, portalOrigin, type CompanyRow } from "../../store/companies";
import { createCustomer, findCompanyCustomer } from "../../store/customers";
import {
  createEmailToken,
  findEmailToken,
  isExpired,
  isUsable,
  markEmailTokenUsed,
  type EmailTokenRow,
} from "../../store/email-tokens";
import { sendMail } from "../../store/mail";
import { createUser, findUserByEmail, markEmailVerified } from "../../store/users";
import { registerBody, verifyEmailQuery as verifyQuery } from "@billing-portal/contract/wire/auth";

/** Whether the `company` a client sends names this company (its name, id or domain). */
function namesCompany(company: CompanyRow, value: string | undefined): boolean {
  const v = value?.trim().toLowerCase();
  if (!v) return true;
  return [company.name, company.id, company.domain].some((x) => x.toLowerCase() === v);
}

function localPart(email: string): string {
  return email.split("@")[0]?.trim() || email;
}

/** The invitation's customer if it names one of the company's, else a new one named after the e-mail. */
async function customerForInvitation(q: Queryable, company: CompanyRow, token: EmailTokenRow) {
  const invited = token.customer_id
    ? await findCompanyCustomer(q, company.id, token.customer_id)
    : null;
  return invited ?? (await createCustomer(q, company.id, localPart(token.email)));
}

async function mailVerification(
  q: Queryable,
  app: App,
  now: number,
  company: CompanyRow,
  to: { userId: string; email: string },
): Promise<void> {
  const verify = await createEmailToken(q, now, {
    kind: "verify",
    email: to.email,
    companyId: company.id,
    userId: to.userId,
    ttlSeconds: app.config.emailTokenTtlSeconds,
  });
  const link = `${portalOrigin(app.config, company)}/portal/verify-email/${verify.token}`;
  await sendMail(q, now, {
    to: to.email,
    companyId: company.id,
    subject: `Confirm your e-mail address for ${company.name}`,
    text:
      `Welcome to the ${company.name} billing portal.\n\n` +
      `Please confirm your e-mail address (the link works once):\n\n${link}\n`,
  });
}

export const registrationRoutes = new Hono<SandboxEnv>();

// GET /v1/register/:tokenId – the invitation's e-mail and company; status "granted" once it gave access
registrationRoutes.get("/register/:tokenId", async (c) => {
  const { app } = c.var;
  const token = await findEmailToken(app.db, "invitation", c.req.param("tokenId"));
  if (!token) throw tokenInvalid();
  const company = await findCompanyById(app.db, token.company_id);
  if (!company) throw tokenInvalid();
  // A token that already granted access (used, or the address is registered) shows the login page.
  const registered =
    token.used_at !== null || (await findUserByEmail(app.db, company.id, token.email)) !== null;
  if (!registered && isExpired(token, app.now())) throw tokenInvalid();
  return envelope(c, {
    email: token.email,
    company: company.name,
    companyId: company.id,
    status: registered ? "granted" : "pending",
  });
});

// POST /v1/auth/register {email, password, tokenId, companyId, company?} – the account; mails a verification link
registrationRoutes.post("/auth/register", async (c) => {
  const { app } = c.var;
  const body = await jsonBody(c, registerBody);
  const passwordHash = await hashPassword(body.password);
  const now = app.now();
  const refusal = await app.db.transaction(async (tx): Promise<ApiError | null> => {
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
    const customer = await customerForInvitation(tx, company, token);
    const email = token.email.trim();
    const userId = await createUser(tx, now, {
      companyId: company.id,
      email,
      passwordHash,
      customerId: customer.id,
    });
    await markEmailTokenUsed(tx, now, token.id);
    await mailVerification(tx, app, now, company, { userId, email });
    return null;
  });
  if (refusal) throw refusal;
  return envelope(c, { success: true });
});

// GET /v1/auth/verify-email?token= – consume the verification link, mark the address verified
registrationRoutes.get("/auth/verify-email", async (c) => {
  const { app } = c.var;
  const { token: raw } = parseWith(verifyQuery, c.req.query());
  const now = app.now();
  const email = await app.db.transaction(async (tx) => {
    const token = await findEmailToken(tx, "verify", raw, true);
    if (!token || !isUsable(token, now)) return null;
    await markEmailTokenUsed(tx, now, token.id);
    await markEmailVerified(
      tx,
      now,
      token.user_id
        ? { userId: token.user_id }
        : { companyId: token.company_id, email: token.email },
    );
    return token.email;
  });
  if (email === null) throw tokenInvalid();
  return envelope(c, { success: true, email });
});
