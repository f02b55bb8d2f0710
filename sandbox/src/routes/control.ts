/** Control endpoints under /__sandbox/ (demo and test modes only): CONTRACT.md §1. Plain JSON, no envelope. */
import { fileURLToPath } from "node:url";
import { resetProviderVault } from "../doubles/vault";
import { Hono } from "hono";
import { z } from "zod";
import { systemActor } from "../activity/record";
import type { App } from "../app";
import { jsonBody } from "../body";
import { encryptEmail } from "../crypto";
import { exportQueue } from "../documents/exports/jobs";
import type { SandboxEnv } from "../env";
import { faultSchema } from "../faults";
import { ApiError, notFound, parseWith } from "../http";
import { sendFile, sendJson } from "../respond";
import { resetDatabase } from "../seed";
import { listAudit } from "../store/audit";
import { findCompanyByAnyName, findCompanyById, portalOrigin } from "../store/companies";
import { findCompanyCustomer } from "../store/customers";
import { createEmailToken } from "../store/email-tokens";
import { listMail, sendMail } from "../store/mail";
import { expireUserAccessTokens, revokeUserTokens } from "../store/session-tokens";
import { findUsersByEmailAnyCompany } from "../store/users";
import { copyBilling } from "../seed/billing-copy";
import { copySubscriptions, TEMPLATE_CUSTOMER } from "../seed/subscriptions-copy";
import { seedHostileCompany } from "../seed/hostile";
import { seedStrictCompany } from "../seed/strict";
import { daysBetween } from "@billing-portal/contract/calendar/sums";
import { customerToday, setCustomerToday } from "../subscriptions/clock";
import { evaluateAlerts } from "../alerts/service";
import { closeCycles } from "../subscriptions/issue";
import { companySubscriptionsCsv } from "../subscriptions/company-export";
import { recordUsage, usageRecordBody } from "../subscriptions/record-usage";

const HCAPTCHA_DOUBLE = fileURLToPath(new URL("../doubles/hcaptcha-api.js", import.meta.url));

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

const sessionsBody = z.object({ email: emailField });

const copyBody = z.object({
  email: emailField,
  /** Optional when the e-mail exists in only one company. */
  company: z.string().trim().min(1).max(200).optional(),
});

const clockBody = z.object({
  email: emailField,
  /** Optional when the e-mail exists in only one company. */
  company: z.string().trim().min(1).max(200).optional(),
  to: z.iso.date({ error: "to must be a day, YYYY-MM-DD" }),
});
/** Three years: a test that needs more is testing something else. */
const MAX_CLOCK_DAYS = 1100;

const mailboxQuery = z.object({ to: z.string().trim().max(254).optional() });

/** The hostile and strict companies take no options: an empty body or `{}`. */
const hostileBody = z.strictObject({}).optional();

/** Back to the seed: database, mailbox, audit log, rate limits and faults (POST /__sandbox/reset). */
export async function resetSandbox(app: App): Promise<void> {
  await resetDatabase(app.db, app.now);
  app.limiter.reset();
  app.faults.clear();
  resetProviderVault();
}

/** Mounted at /__sandbox when controlEnabled(config). */
export const controlRoutes = new Hono<SandboxEnv>();

controlRoutes.post("/reset", async (c) => {
  await resetSandbox(c.var.app);
  return sendJson(c, { success: true });
});

controlRoutes.get("/mailbox", async (c) => {
  const { to } = parseWith(mailboxQuery, c.req.query());
  return sendJson(c, await listMail(c.var.app.db, to || null));
});

controlRoutes.post("/invitations", async (c) => {
  const { app } = c.var;
  const body = await jsonBody(c, invitationBody);
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
  return sendJson(c, link);
});

controlRoutes.post("/punchout", async (c) => {
  const { app } = c.var;
  const body = await jsonBody(c, punchoutBody);
  const users = await findUsersByEmailAnyCompany(app.db, body.email);
  let companyId: string;
  if (body.company) {
    const company = await findCompanyByAnyName(app.db, body.company);
    if (!company) throw notFound(`Unknown company: ${body.company}`);
    companyId = company.id;
  } else {
    if (users.length === 0) throw notFound(`No user with e-mail ${body.email}`);
    if (users.length > 1)
      throw new ApiError(422, "validation", "The e-mail exists in several companies: give company");
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
  return sendJson(c, {
    path,
    url: `${portalOrigin(app.config, company)}${path}`,
    tokenId: token,
    encryptedEmail,
    companyId,
  });
});

controlRoutes.post("/faults", async (c) => {
  const fault = await jsonBody(c, faultSchema);
  c.var.app.faults.add(fault);
  return sendJson(c, { success: true, fault });
});

controlRoutes.get("/faults", (c) => sendJson(c, c.var.app.faults.list()));

controlRoutes.delete("/faults", (c) => {
  c.var.app.faults.clear(c.req.query("email"));
  return sendJson(c, { success: true });
});

/** Expires the user's access tokens now (their refresh tokens stay valid): forces a refresh. */
controlRoutes.post("/sessions/expire", async (c) => {
  const { app } = c.var;
  const { email } = await jsonBody(c, sessionsBody);
  const users = await findUsersByEmailAnyCompany(app.db, email);
  if (users.length === 0) throw notFound("No such user");
  for (const user of users) await expireUserAccessTokens(app.db, app.now(), user.id);
  return sendJson(c, { success: true });
});

/** Revokes every access and refresh token of the user, as an administrator ending sessions would. */
controlRoutes.post("/sessions/revoke", async (c) => {
  const { app } = c.var;
  const { email } = await jsonBody(c, sessionsBody);
  const users = await findUsersByEmailAnyCompany(app.db, email);
  if (users.length === 0) throw notFound("No such user");
  for (const user of users) await revokeUserTokens(app.db, app.now(), user.id);
  return sendJson(c, { success: true });
});

/**
 * Gives the user's selected customer a copy of the template customer's subscriptions (fresh ids,
 * same plans, charges, statuses and dates): tests that change subscriptions get their own.
 */
/** The selected customer of the user with this e-mail (in `company` when given). */
async function selectedCustomerOf(
  app: App,
  email: string,
  company: string | undefined,
): Promise<{ id: string; company_id: string; customer_id: string }> {
  let users = await findUsersByEmailAnyCompany(app.db, email);
  if (company) {
    const found = await findCompanyByAnyName(app.db, company);
    if (!found) throw notFound(`Unknown company: ${company}`);
    users = users.filter((u) => u.company_id === found.id);
  }
  if (users.length === 0) throw notFound(`No user with e-mail ${email}`);
  if (users.length > 1)
    throw new ApiError(422, "validation", "The e-mail exists in several companies: give company");
  const user = users[0]!;
  const [target] = await app.db.query<{ id: string; company_id: string; customer_id: string }>(
    `SELECT id, company_id, customer_id FROM customers WHERE id = $1`,
    [user.selected_customer_id ?? user.customer_id],
  );
  if (!target) throw new ApiError(422, "validation", "The user has no customer");
  return target;
}

controlRoutes.post("/subscriptions/copy", async (c) => {
  const { app } = c.var;
  const body = await jsonBody(c, copyBody);
  const target = await selectedCustomerOf(app, body.email, body.company);
  const [template] = await app.db.query<{ company_id: string }>(
    "SELECT company_id FROM customers WHERE id = $1",
    [TEMPLATE_CUSTOMER],
  );
  if (!template || target.company_id !== template.company_id)
    throw new ApiError(422, "validation", `The customer is not of ${TEMPLATE_CUSTOMER}'s company`);
  if (target.id === TEMPLATE_CUSTOMER)
    throw new ApiError(422, "validation", "The template customer cannot receive its own copy");
  const subscriptions = await app.db.transaction((tx) =>
    copySubscriptions(tx, target.id, target.customer_id),
  );
  return sendJson(c, { customerId: target.id, subscriptions });
});

// POST /__sandbox/invoices/copy {email, company?} – the template's invoices and saved methods
controlRoutes.post("/invoices/copy", async (c) => {
  const { app } = c.var;
  const body = await jsonBody(c, copyBody);
  const target = await selectedCustomerOf(app, body.email, body.company);
  const [template] = await app.db.query<{ company_id: string }>(
    "SELECT company_id FROM customers WHERE id = $1",
    [TEMPLATE_CUSTOMER],
  );
  if (!template || target.company_id !== template.company_id)
    throw new ApiError(422, "validation", `The customer is not of ${TEMPLATE_CUSTOMER}'s company`);
  if (target.id === TEMPLATE_CUSTOMER)
    throw new ApiError(422, "validation", "The template customer cannot receive its own copy");
  const copied = await app.db.transaction((tx) => copyBilling(tx, target.id));
  return sendJson(c, { customerId: target.id, ...copied });
});

/**
 * Deletes and re-creates the hostile company (seed/hostile.ts): every string of it script-shaped,
 * its URLs `javascript:` or plain http elsewhere. Answers its host, user and payloads by place.
 */
/**
 * Moves the test clock of the user's selected customer forward to `to` (its billing "today"),
 * issuing every period invoice whose cycle closes on the way (sandbox/README.md "Period estimate
 * and invoices"). Answers the customer's new day and the invoices issued.
 */
controlRoutes.post("/test_clocks/advance", async (c) => {
  const { app } = c.var;
  const body = await jsonBody(c, clockBody);
  const target = await selectedCustomerOf(app, body.email, body.company);
  const result = await app.db.transaction(async (tx) => {
    const from = await customerToday(tx, target.id, app.now());
    if (body.to < from)
      throw new ApiError(422, "validation", `A test clock only moves forward: it is at ${from}`);
    if (daysBetween(from, body.to) > MAX_CLOCK_DAYS)
      throw new ApiError(
        422,
        "validation",
        `A test clock moves at most ${MAX_CLOCK_DAYS} days at once`,
      );
    const invoices = await closeCycles(tx, target.id, from, body.to);
    await setCustomerToday(tx, target.id, body.to);
    // A new period re-arms every threshold: what its figures reach now fires again.
    const scope = { companyId: target.company_id, customerId: target.id, actor: systemActor };
    const alerts = await evaluateAlerts(tx, scope, body.to, app.now());
    return { customerId: target.id, from, today: body.to, invoices, alerts };
  });
  return sendJson(c, result);
});

/** Records a usage line for the user's selected customer (record-usage.ts). */
controlRoutes.post("/usages", async (c) => {
  const { app } = c.var;
  const { email, company, ...record } = await jsonBody(c, usageRecordBody);
  const target = await selectedCustomerOf(app, email, company);
  const { usage, alerts } = await app.db.transaction(async (tx) => {
    const today = await customerToday(tx, target.id, app.now());
    const recorded = await recordUsage(tx, target.id, today, record);
    const scope = { companyId: target.company_id, customerId: target.id, actor: systemActor };
    return { usage: recorded, alerts: await evaluateAlerts(tx, scope, today, app.now()) };
  });
  return sendJson(c, { customerId: target.id, usage, alerts });
});

/**
 * GET /__sandbox/companies/:company/subscriptions.csv – the company's own export of its customers'
 * subscriptions (its back office): state, cancellation reason and note, pause (issue 33 §2).
 */
controlRoutes.get("/companies/:company/subscriptions.csv", async (c) => {
  const { app } = c.var;
  const company = await findCompanyByAnyName(app.db, c.req.param("company"));
  if (!company) throw notFound(`Unknown company: ${c.req.param("company")}`);
  const csv = await companySubscriptionsCsv(app.db, company.id, (customerId) =>
    customerToday(app.db, customerId, app.now()),
  );
  return c.body(csv, 200, { "content-type": "text/csv; charset=utf-8" });
});

controlRoutes.post("/companies/hostile", async (c) => {
  const { app } = c.var;
  await jsonBody(c, hostileBody);
  return sendJson(c, await seedHostileCompany(app.db, app.now()));
});

/** The company whose sign-in requires a second factor (seed/strict.ts); created once. */
controlRoutes.post("/companies/strict", async (c) => {
  await jsonBody(c, hostileBody);
  return sendJson(c, await seedStrictCompany(c.var.app.db));
});

/** An export job's state: status, rows written, file, error (tests wait on it). */
controlRoutes.get("/exports/:jobId", (c) => {
  const job = exportQueue(c.var.app).jobs.get(c.req.param("jobId"));
  if (!job) throw notFound("No such export job");
  return sendJson(c, job);
});

controlRoutes.get("/audit", async (c) => sendJson(c, await listAudit(c.var.app.db)));

/** A JavaScript file streamed from disk: the pattern for test doubles (real, linted files). */
controlRoutes.get("/hcaptcha/api.js", (c) =>
  sendFile(c, HCAPTCHA_DOUBLE, "application/javascript; charset=utf-8", {
    // Loaded as a classic script (crossorigin="anonymous") by a page on the portal's origin.
    "Access-Control-Allow-Origin": "*",
    "Cross-Origin-Resource-Policy": "cross-origin",
    "Cache-Control": "no-cache",
  }),
);
