/** Control endpoints under /__sandbox/ (demo and test modes only): CONTRACT.md §1. Plain JSON, no envelope. */
import { z } from "zod";
import type { App } from "../app";
import { encryptEmail } from "../crypto";
import { faultSchema } from "../faults";
import { ApiError, notFound, parseWith } from "../http";
import { HCAPTCHA_WIDGET_SCRIPT } from "../hcaptcha-widget";
import { Router } from "../router";
import { resetDatabase } from "../seed";
import {
  findCompanyByAnyName,
  findCompanyById,
  findCompanyCustomer,
  findUsersByEmailAnyCompany,
  listAudit,
  listMail,
  portalOrigin,
  sendMail,
} from "../store";
import { createEmailToken, revokeUserTokens } from "../tokens";

export type ControlResponse =
  | { kind: "json"; status: number; body: unknown }
  | { kind: "text"; status: number; text: string; headers: Record<string, string> };

const json = (body: unknown, status = 200): ControlResponse => ({ kind: "json", status, body });

const emailField = z
  .string()
  .trim()
  .min(1, { error: "email is required" })
  .max(254)
  .pipe(z.email({ error: "Invalid email" }));

const invitationBody = z.object({
  email: emailField,
  company: z.string().trim().min(1, { error: "company is required" }).max(200),
  /** Optional: link the new user to this existing customer (id or account number) instead of a new one. */
  customerId: z.string().trim().min(1).max(100).optional(),
});

const punchoutBody = z.object({
  email: emailField,
  /** Optional when the e-mail exists in only one company. */
  company: z.string().trim().min(1).max(200).optional(),
});

/** Back to the seed: database, mailbox, audit log, rate limits and faults (POST /__sandbox/reset). */
export async function resetSandbox(app: App): Promise<void> {
  await resetDatabase(app.db);
  app.limiter.reset();
  app.faults.clear();
}

export function createControlRouter(app: App): Router<ControlResponse> {
  const r = new Router<ControlResponse>();

  r.post("/__sandbox/reset", async () => {
    await resetSandbox(app);
    return json({ success: true });
  });

  r.get("/__sandbox/mailbox", async (ctx) => {
    const to = ctx.query.get("to")?.trim() || null;
    return json(await listMail(app.db, to));
  });

  r.post("/__sandbox/invitations", async (ctx) => {
    const body = parseWith(invitationBody, await ctx.body());
    const company = await findCompanyByAnyName(app.db, body.company);
    if (!company) throw notFound(`Unknown company: ${body.company}`);
    let customerId: string | null = null;
    if (body.customerId) {
      const customer = await findCompanyCustomer(app.db, company.id, body.customerId);
      if (!customer) throw notFound(`Unknown customer of ${company.id}: ${body.customerId}`);
      customerId = customer.id;
    }
    const now = app.now();
    const link = await app.db.transaction(async (tx) => {
      const { token } = await createEmailToken(tx, now, {
        kind: "invitation",
        email: body.email,
        companyId: company.id,
        customerId,
        ttlSeconds: app.config.emailTokenTtlSeconds,
      });
      const url = `${portalOrigin(app.config, company)}/portal/register/${token}`;
      await sendMail(tx, now, {
        to: body.email,
        companyId: company.id,
        subject: `You are invited to the ${company.name} billing portal`,
        text:
          `Hello,\n\n${company.name} invites you to its self-service billing portal.\n` +
          `Create your account here (the link works once):\n\n${url}\n`,
      });
      return { tokenId: token, link: url };
    });
    return json(link);
  });

  r.post("/__sandbox/punchout", async (ctx) => {
    const body = parseWith(punchoutBody, await ctx.body());
    const users = await findUsersByEmailAnyCompany(app.db, body.email);
    let companyId: string;
    if (body.company) {
      const company = await findCompanyByAnyName(app.db, body.company);
      if (!company) throw notFound(`Unknown company: ${body.company}`);
      companyId = company.id;
    } else {
      if (users.length === 0) throw notFound(`No user with e-mail ${body.email}`);
      if (users.length > 1)
        throw new ApiError(
          422,
          "validation",
          "The e-mail exists in several companies: give company",
        );
      companyId = users[0]?.company_id ?? "";
    }
    const user = users.find((u) => u.company_id === companyId);
    if (!user) throw notFound(`No user with e-mail ${body.email} in ${companyId}`);
    const company = await findCompanyById(app.db, companyId);
    if (!company) throw notFound(`Unknown company: ${companyId}`);
    const { token } = await createEmailToken(app.db, app.now(), {
      kind: "punchout",
      email: user.email,
      companyId,
      userId: user.id,
      ttlSeconds: app.config.punchoutTokenTtlSeconds,
    });
    const encryptedEmail = encryptEmail(user.email, app.config.punchoutKey);
    const path = `/portal/login/${token}/${encryptedEmail}`;
    return json({
      path,
      url: `${portalOrigin(app.config, company)}${path}`,
      tokenId: token,
      encryptedEmail,
      companyId,
    });
  });

  r.post("/__sandbox/faults", async (ctx) => {
    const fault = parseWith(faultSchema, await ctx.body());
    app.faults.add(fault);
    return json({ success: true, fault });
  });

  r.get("/__sandbox/faults", async () => json(app.faults.list()));

  r.delete("/__sandbox/faults", async () => {
    app.faults.clear();
    return json({ success: true });
  });

  const sessionsBody = z.object({ email: emailField });

  /** Expires the user's access tokens now (their refresh tokens stay valid): forces a refresh. */
  r.post("/__sandbox/sessions/expire", async (ctx) => {
    const { email } = parseWith(sessionsBody, await ctx.body());
    const users = await findUsersByEmailAnyCompany(app.db, email);
    if (users.length === 0) throw notFound("No such user");
    for (const user of users) {
      await app.db.query("UPDATE access_tokens SET expires_at = $2 WHERE user_id = $1", [
        user.id,
        new Date(app.now() - 1000),
      ]);
    }
    return json({ success: true });
  });

  /** Revokes every access and refresh token of the user, as an administrator ending sessions would. */
  r.post("/__sandbox/sessions/revoke", async (ctx) => {
    const { email } = parseWith(sessionsBody, await ctx.body());
    const users = await findUsersByEmailAnyCompany(app.db, email);
    if (users.length === 0) throw notFound("No such user");
    for (const user of users) await revokeUserTokens(app.db, app.now(), user.id);
    return json({ success: true });
  });

  r.get("/__sandbox/audit", async () => json(await listAudit(app.db)));

  r.get("/__sandbox/hcaptcha/api.js", async () => ({
    kind: "text",
    status: 200,
    text: HCAPTCHA_WIDGET_SCRIPT,
    headers: {
      "Content-Type": "application/javascript; charset=utf-8",
      // Loaded as a classic script (crossorigin="anonymous") by a page on the portal's origin.
      "Access-Control-Allow-Origin": "*",
      "Cross-Origin-Resource-Policy": "cross-origin",
      "Cache-Control": "no-cache",
    },
  }));

  return r;
}
