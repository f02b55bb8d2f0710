/** Data access for companies, customers, users, mail and the audit log. */
import { randomBytes } from "node:crypto";
import type { SandboxConfig } from "./config";
import type { Queryable } from "./db";

export type CompanyRow = {
  id: string;
  name: string;
  domain: string;
  primary_color: string;
  logo_url: string | null;
  banner_url: string | null;
  tnc_url: string | null;
  privacy_url: string | null;
  display_tnc_privacy_url: boolean;
  enabled_tabs: string[];
  gateway: string;
};

export type CustomerRow = { id: string; company_id: string; customer_id: string; name: string };

export type UserRow = {
  id: string;
  company_id: string;
  email: string;
  password_hash: string;
  email_verified: boolean;
  customer_id: string | null;
  selected_customer_id: string | null;
};

export type PortalConfigDto = {
  companyId: string;
  name: string;
  domain: string;
  primaryColor: string;
  logoUrl: string | null;
  bannerUrl: string | null;
  tncUrl: string | null;
  privacyUrl: string | null;
  displayTncPrivacyUrl: boolean;
  enabledTabs: string[];
  gateway: string;
};

export type UserDto = {
  id: string;
  email: string;
  company_id: string;
  customer_id: string;
  selected_customer_id: string | null;
};

export type CustomerDto = { id: string; customer_id: string; name: string };

export const toPortalConfig = (c: CompanyRow): PortalConfigDto => ({
  companyId: c.id,
  name: c.name,
  domain: c.domain,
  primaryColor: c.primary_color,
  logoUrl: c.logo_url,
  bannerUrl: c.banner_url,
  tncUrl: c.tnc_url,
  privacyUrl: c.privacy_url,
  displayTncPrivacyUrl: c.display_tnc_privacy_url,
  enabledTabs: [...c.enabled_tabs],
  gateway: c.gateway,
});

export const toUserDto = (u: UserRow): UserDto => ({
  id: u.id,
  email: u.email,
  company_id: u.company_id,
  customer_id: u.customer_id ?? "",
  selected_customer_id: u.selected_customer_id,
});

export const toCustomerDto = (c: CustomerRow): CustomerDto => ({
  id: c.id,
  customer_id: c.customer_id,
  name: c.name,
});

const COMPANY_COLUMNS =
  "id, name, domain, primary_color, logo_url, banner_url, tnc_url, privacy_url, display_tnc_privacy_url, enabled_tabs, gateway";
const USER_COLUMNS =
  "id, company_id, email, password_hash, email_verified, customer_id, selected_customer_id";

export async function findCompanyByHost(q: Queryable, host: string): Promise<CompanyRow | null> {
  const rows = await q.query<CompanyRow>(
    `SELECT ${COMPANY_COLUMNS} FROM companies WHERE lower(domain) = lower($1)`,
    [host],
  );
  return rows[0] ?? null;
}

export async function findCompanyById(q: Queryable, id: string): Promise<CompanyRow | null> {
  const rows = await q.query<CompanyRow>(`SELECT ${COMPANY_COLUMNS} FROM companies WHERE id = $1`, [
    id,
  ]);
  return rows[0] ?? null;
}

/** By id, name or domain (case-insensitive): how the control endpoints name a company. */
export async function findCompanyByAnyName(q: Queryable, key: string): Promise<CompanyRow | null> {
  const rows = await q.query<CompanyRow>(
    `SELECT ${COMPANY_COLUMNS} FROM companies
      WHERE lower(id) = lower($1) OR lower(name) = lower($1) OR lower(domain) = lower($1)
      ORDER BY (lower(id) = lower($1)) DESC, (lower(domain) = lower($1)) DESC
      LIMIT 1`,
    [key],
  );
  return rows[0] ?? null;
}

export async function findUserByEmail(
  q: Queryable,
  companyId: string,
  email: string,
): Promise<UserRow | null> {
  const rows = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE company_id = $1 AND lower(email) = lower($2)`,
    [companyId, email.trim()],
  );
  return rows[0] ?? null;
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | null> {
  const rows = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Users with this e-mail in any company (punch-out control endpoint). */
export async function findUsersByEmailAnyCompany(q: Queryable, email: string): Promise<UserRow[]> {
  return q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1) ORDER BY company_id`,
    [email.trim()],
  );
}

export async function listUserCustomers(q: Queryable, userId: string): Promise<CustomerRow[]> {
  return q.query<CustomerRow>(
    `SELECT c.id, c.company_id, c.customer_id, c.name
       FROM user_customers uc JOIN customers c ON c.id = uc.customer_id
      WHERE uc.user_id = $1
      ORDER BY uc.position, c.customer_id`,
    [userId],
  );
}

/** A customer of this company named by its id or its account number. */
export async function findCompanyCustomer(
  q: Queryable,
  companyId: string,
  key: string,
): Promise<CustomerRow | null> {
  const rows = await q.query<CustomerRow>(
    `SELECT id, company_id, customer_id, name FROM customers
      WHERE company_id = $1 AND (id = $2 OR customer_id = $2)
      ORDER BY (id = $2) DESC LIMIT 1`,
    [companyId, key],
  );
  return rows[0] ?? null;
}

export function newCustomerId(): string {
  return `cus_${randomBytes(8).toString("hex")}`;
}

/** Creates a customer with the next free account number CUST-n of the company. */
export async function createCustomer(
  q: Queryable,
  companyId: string,
  name: string,
): Promise<CustomerRow> {
  const [max] = await q.query<{ n: number | null }>(
    `SELECT max(substring(customer_id FROM '^CUST-([0-9]+)$')::int) AS n FROM customers WHERE company_id = $1`,
    [companyId],
  );
  const next = Number(max?.n ?? 1000) + 1;
  const row: CustomerRow = {
    id: newCustomerId(),
    company_id: companyId,
    customer_id: `CUST-${next}`,
    name,
  };
  await q.query(
    "INSERT INTO customers (id, company_id, customer_id, name) VALUES ($1, $2, $3, $4)",
    [row.id, row.company_id, row.customer_id, row.name],
  );
  return row;
}

/** The portal address of a company: http://<domain>:<PORTAL_PORT>. */
export function portalOrigin(
  config: Pick<SandboxConfig, "portalPort">,
  company: Pick<CompanyRow, "domain">,
): string {
  return `http://${company.domain}:${config.portalPort}`;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"')]+/g;

export type MailInput = {
  to: string;
  companyId: string | null;
  subject: string;
  text: string;
  attachments?: unknown[];
};
export type MailDto = {
  to: string;
  subject: string;
  text: string;
  links: string[];
  attachments: unknown[];
};

/** Stores an e-mail in the sandbox mailbox; links are the absolute URLs of its text. */
export async function sendMail(q: Queryable, now: number, mail: MailInput): Promise<void> {
  const links = [...new Set(mail.text.match(URL_IN_TEXT) ?? [])];
  await q.query(
    `INSERT INTO mail (recipient, company_id, subject, text, links, attachments, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      mail.to,
      mail.companyId,
      mail.subject,
      mail.text,
      JSON.stringify(links),
      JSON.stringify(mail.attachments ?? []),
      new Date(now),
    ],
  );
}

export async function listMail(q: Queryable, to: string | null): Promise<MailDto[]> {
  const rows = await q.query<{
    recipient: string;
    subject: string;
    text: string;
    links: string[];
    attachments: unknown[];
  }>(
    `SELECT recipient, subject, text, links, attachments FROM mail
      WHERE $1::text IS NULL OR lower(recipient) = lower($1::text)
      ORDER BY id`,
    [to],
  );
  return rows.map((r) => ({
    to: r.recipient,
    subject: r.subject,
    text: r.text,
    links: r.links,
    attachments: r.attachments,
  }));
}

export async function writeAudit(
  q: Queryable,
  now: number,
  entry: { companyId: string; action: string; email: string | null },
) {
  await q.query("INSERT INTO audit_log (company_id, action, email, at) VALUES ($1, $2, $3, $4)", [
    entry.companyId,
    entry.action,
    entry.email,
    new Date(now),
  ]);
}

export async function listAudit(
  q: Queryable,
): Promise<{ companyId: string; action: string; email: string | null; at: string }[]> {
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
