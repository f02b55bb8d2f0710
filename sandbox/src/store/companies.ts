/** Companies: the tenants whose portals the sandbox serves (one per host). */
import {
  CANCEL_REASONS,
  MAX_PAUSE_CYCLES,
  RETENTION_OFFER_KINDS,
  type CancelReason,
  type PortalTab,
  type RetentionOfferKind,
} from "@billing-portal/contract/enums";
import type { SecondFactorPolicy } from "@billing-portal/contract/enums";
import type { PortalConfigDto } from "@billing-portal/contract/wire/auth";
import type { SandboxConfig } from "../config";
import type { Queryable } from "../db";
import { passkeysAt } from "../factors/passkeys";
import { notFound } from "../http";

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
  enabled_tabs: PortalTab[];
  gateway: string;
  takes_payments: boolean;
  partial_payments_allowed: boolean;
  partial_payment_minimum: string | null;
  document_zips: boolean;
  export_downloads: boolean;
  cancel_reasons: unknown;
  pause_max_cycles: number | null;
  retention_offers: unknown;
  second_factor_policy: SecondFactorPolicy;
  passkey_sign_in: boolean;
};

export type { PortalConfigDto };

/** The portal configuration of a company (CONTRACT §1 PortalConfigDto). */
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
  ...(c.takes_payments && {
    payments: {
      partialAllowed: c.partial_payments_allowed,
      partialMinimum: c.partial_payment_minimum === null ? null : Number(c.partial_payment_minimum),
    },
  }),
  documents: { zips: c.document_zips, exportDownloads: c.export_downloads },
  subscriptions: {
    cancelReasons: reasonCodes(c.cancel_reasons),
    pause: c.pause_max_cycles === null ? null : { maxCycles: c.pause_max_cycles },
    offers: retentionOffers(c.retention_offers).map((o) => o.kind),
  },
  signIn: {
    secondFactor: c.second_factor_policy,
    passkeys: passkeysAt(c.domain),
    passkeySignIn: c.passkey_sign_in && passkeysAt(c.domain),
  },
});

const parsedJson = (stored: unknown): unknown =>
  typeof stored === "string" ? (JSON.parse(stored) as unknown) : stored;

/** A company's stored reason codes (jsonb), those of the contract's list, in order. */
function reasonCodes(stored: unknown): CancelReason[] {
  const value = parsedJson(stored);
  if (!Array.isArray(value)) return [];
  return value.filter((r): r is CancelReason => (CANCEL_REASONS as readonly unknown[]).includes(r));
}

/** An offer a company makes a leaving customer (migration 015). */
export type RetentionOffer =
  | { kind: "pause"; cycles: number }
  | { kind: "cheaper_plan" }
  | { kind: "discount"; percent_off: number; cycles: number };

const cyclesOf = (v: unknown) =>
  typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= MAX_PAUSE_CYCLES ? v : null;

/** A company's stored offers (jsonb): the well-formed ones, each kind once, in order. */
function retentionOffers(stored: unknown): RetentionOffer[] {
  const value = parsedJson(stored);
  if (!Array.isArray(value)) return [];
  const out: RetentionOffer[] = [];
  for (const raw of value as unknown[]) {
    if (!raw || typeof raw !== "object") continue;
    const o = raw as Record<string, unknown>;
    const kind = RETENTION_OFFER_KINDS.find((k) => k === o.kind);
    if (!kind || out.some((x) => x.kind === kind)) continue;
    const cycles = cyclesOf(o.cycles);
    if (kind === "cheaper_plan") out.push({ kind });
    else if (kind === "pause" && cycles) out.push({ kind, cycles });
    else if (kind === "discount" && cycles && typeof o.percent_off === "number") {
      if (o.percent_off > 0 && o.percent_off <= 100) {
        out.push({ kind, cycles, percent_off: o.percent_off });
      }
    }
  }
  return out;
}

export type { RetentionOfferKind };

/** Whether a company lets customers pause, and its offers to a leaving customer (migration 015). */
export async function companyLeavingPolicy(
  q: Queryable,
  companyId: string,
): Promise<{ pauseMaxCycles: number | null; offers: RetentionOffer[] }> {
  const [row] = await q.query<{ pause_max_cycles: number | null; retention_offers: unknown }>(
    "SELECT pause_max_cycles, retention_offers FROM companies WHERE id = $1",
    [companyId],
  );
  return {
    pauseMaxCycles: row?.pause_max_cycles ?? null,
    offers: retentionOffers(row?.retention_offers),
  };
}

const COMPANY_COLUMNS =
  "id, name, domain, primary_color, logo_url, banner_url, tnc_url, privacy_url, display_tnc_privacy_url, enabled_tabs, gateway, takes_payments, partial_payments_allowed, partial_payment_minimum::text AS partial_payment_minimum, document_zips, export_downloads, cancel_reasons, pause_max_cycles, retention_offers, second_factor_policy, passkey_sign_in";

/** The company whose portal lives at this host (case-insensitive), or null. */
export async function findCompanyByHost(q: Queryable, host: string): Promise<CompanyRow | null> {
  const rows = await q.query<CompanyRow>(
    `SELECT ${COMPANY_COLUMNS} FROM companies WHERE lower(domain) = lower($1)`,
    [host],
  );
  return rows[0] ?? null;
}

/** The optional operations a company's billing API may lack (migration 013). */
export type OptionalOperation = "document_zips" | "export_downloads";

/** 404 when the company's billing API does not offer `operation`, as an API without it would answer. */
export async function requireOperation(
  q: Queryable,
  companyId: string,
  operation: OptionalOperation,
): Promise<void> {
  const [row] = await q.query<{ offered: boolean }>(
    `SELECT ${operation} AS offered FROM companies WHERE id = $1`,
    [companyId],
  );
  if (!row?.offered) throw notFound("Not found");
}

/** The reason codes a company offers a leaving customer, in order (migration 014). */
export async function companyCancelReasons(
  q: Queryable,
  companyId: string,
): Promise<CancelReason[]> {
  const [row] = await q.query<{ reasons: unknown }>(
    "SELECT cancel_reasons AS reasons FROM companies WHERE id = $1",
    [companyId],
  );
  return reasonCodes(row?.reasons);
}

/** The company with this id, or null. */
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

/** The portal address of a company: http://<domain>:<PORTAL_PORT>. */
export function portalOrigin(
  config: Pick<SandboxConfig, "portalPort">,
  company: Pick<CompanyRow, "domain">,
): string {
  return `http://${company.domain}:${config.portalPort}`;
}
