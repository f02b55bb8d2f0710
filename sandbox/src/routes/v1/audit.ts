/** /v1/auth/generate_portal_logs: the portal's audit trail (sign-outs and the like). */
import { Hono } from "hono";
import { readJsonBody } from "../../body";
import type { SandboxEnv } from "../../env";
import { parseWith } from "../../http";
import { envelope } from "../../respond";
import { writeAudit } from "../../store/audit";
import { auditEntryQuery as auditEntry } from "@billing-portal/contract/wire/auth";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export const auditRoutes = new Hono<SandboxEnv>();

// POST /v1/auth/generate_portal_logs?companyId=&action=&email= – append an audit entry (no bearer)
auditRoutes.post("/auth/generate_portal_logs", async (c) => {
  // The query wins; a JSON body may carry the same fields, and an unreadable one is ignored.
  const fromBody = await readJsonBody(c).catch(() => undefined);
  const body = isObject(fromBody) ? fromBody : {};
  const entry = parseWith(auditEntry, {
    companyId: c.req.query("companyId") ?? body.companyId,
    action: c.req.query("action") ?? body.action,
    email: c.req.query("email") ?? body.email,
  });
  const { app } = c.var;
  await writeAudit(app.db, app.now(), {
    companyId: entry.companyId,
    action: entry.action,
    email: entry.email || null,
  });
  return envelope(c, { success: true });
});
