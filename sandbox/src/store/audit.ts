/** The portal's audit log (generate_portal_logs), read back by GET /__sandbox/audit. */
import type { Queryable } from "../db";

export type AuditEntryDto = { companyId: string; action: string; email: string | null; at: string };

/** Appends an audit entry stamped with `now`. */
export async function writeAudit(
  q: Queryable,
  now: number,
  entry: { companyId: string; action: string; email: string | null },
): Promise<void> {
  await q.query("INSERT INTO audit_log (company_id, action, email, at) VALUES ($1, $2, $3, $4)", [
    entry.companyId,
    entry.action,
    entry.email,
    new Date(now),
  ]);
}

/** Every audit entry, oldest first. */
export async function listAudit(q: Queryable): Promise<AuditEntryDto[]> {
  const rows = await q.query<{
    company_id: string;
    action: string;
    email: string | null;
    at: Date;
  }>("SELECT company_id, action, email, at FROM audit_log ORDER BY id");
  return rows.map((r) => ({
    companyId: r.company_id,
    action: r.action,
    email: r.email,
    at: new Date(r.at).toISOString(),
  }));
}
