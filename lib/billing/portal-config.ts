import "server-only";
import { z } from "zod";
import type { PortalConfig } from "@/lib/portal-config-types";
import { billingRequest } from "./client";
import { parseDto } from "./dto";
import { BillingApiError } from "./errors";

// GET /v1/portalConfiguration?host=H. Upstream data is untrusted (SECURITY.md §9): colours must be
// colours, links must be https or our own paths, or they are dropped.

export const DEFAULT_PRIMARY_COLOR = "#ffffff";
export const DASHBOARD_TABS = [
  "invoices",
  "payments",
  "usages",
  "credits",
  "statements",
  "subscriptions",
] as const;

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const UNSAFE_URL_CHARS = /[\\\s\u0000-\u001f\u007f]/;

/** #rgb or #rrggbb as lower-case #rrggbb; anything else is the default white. */
export function safeColor(value: unknown): string {
  if (typeof value !== "string") return DEFAULT_PRIMARY_COLOR;
  const match = HEX_COLOR.exec(value.trim());
  if (!match?.[1]) return DEFAULT_PRIMARY_COLOR;
  const hex = match[1].toLowerCase();
  return hex.length === 3 ? `#${[...hex].map((c) => c + c).join("")}` : `#${hex}`;
}

/** An https URL or a same-origin path starting with a single "/"; anything else (http:, javascript:, //host) is null. */
export function safeLinkUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const v = value.trim();
  if (!v || v.length > 2048 || UNSAFE_URL_CHARS.test(v)) return null;
  if (v.startsWith("/")) return v.startsWith("//") ? null : v;
  try {
    const url = new URL(v);
    return url.protocol === "https:" && url.hostname && !url.username && !url.password
      ? url.href
      : null;
  } catch {
    return null;
  }
}

/** The part of the gateway name before the dash, lower-cased: "cardconnect-test" → "cardconnect". */
export function gatewayKind(value: unknown): PortalConfig["gateway"] {
  const kind = typeof value === "string" ? value.split("-")[0]?.trim().toLowerCase() : "";
  return kind === "cardconnect" ? "cardconnect" : "stripe";
}

const portalConfigDtoSchema = z.object({
  companyId: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(200)),
  name: z.string().min(1).max(200),
  domain: z.string().max(300).nullish(),
  primaryColor: z.unknown(),
  logoUrl: z.unknown(),
  bannerUrl: z.unknown(),
  tncUrl: z.unknown(),
  privacyUrl: z.unknown(),
  displayTncPrivacyUrl: z.unknown(),
  enabledTabs: z.unknown(),
  gateway: z.unknown(),
});

/** Validates a PortalConfigDto into the app's PortalConfig for the host that asked. */
export function reshapePortalConfig(dto: unknown, host: string): PortalConfig {
  const c = parseDto(portalConfigDtoSchema, dto, "portal configuration");
  const tabs = Array.isArray(c.enabledTabs) ? c.enabledTabs : [];
  return {
    companyId: c.companyId,
    name: c.name,
    host,
    primaryColor: safeColor(c.primaryColor),
    logoUrl: safeLinkUrl(c.logoUrl),
    bannerUrl: safeLinkUrl(c.bannerUrl),
    tncUrl: safeLinkUrl(c.tncUrl),
    privacyUrl: safeLinkUrl(c.privacyUrl),
    displayTncPrivacyUrl: c.displayTncPrivacyUrl === true,
    enabledTabs: DASHBOARD_TABS.filter((tab) => tabs.includes(tab)),
    gateway: gatewayKind(c.gateway),
  };
}

/** The host's portal configuration from the API; null when no portal lives there. */
export async function fetchPortalConfig(host: string): Promise<PortalConfig | null> {
  try {
    const dto = await billingRequest<unknown>("/v1/portalConfiguration", { query: { host } });
    return reshapePortalConfig(dto, host);
  } catch (err) {
    if (err instanceof BillingApiError && err.status === 404) return null;
    throw err;
  }
}
