import "server-only";
import {
  CANCEL_REASONS,
  SECOND_FACTOR_POLICIES,
  MAX_PAUSE_CYCLES,
  PORTAL_TABS,
  RETENTION_OFFER_KINDS,
} from "@billing-portal/contract/enums";
import type { PortalConfigDto } from "@billing-portal/contract/wire/auth";
import { z } from "zod";
import type { PortalConfig } from "@/lib/portal-config-types";
import { safeLinkUrl } from "@/lib/safe-url";
import { DEFAULT_PRIMARY, normalizeHex } from "@/lib/theme/contrast";
import { billingRequest } from "./client";
import { parseDto } from "./dto";
import { BillingApiError } from "./errors";
import { namedBy } from "./reader";

// GET /v1/portalConfiguration?host=H. Upstream data is untrusted (docs/SECURITY.md §9): colours must be
// colours, links must be https or our own paths, or they are dropped.

export { safeLinkUrl } from "@/lib/safe-url";

/** #rgb or #rrggbb as lower-case #rrggbb; anything else (a bare "0f766e" too) is the default white. */
export function safeColor(value: unknown): string {
  if (typeof value !== "string" || !value.trim().startsWith("#")) return DEFAULT_PRIMARY;
  return normalizeHex(value) ?? DEFAULT_PRIMARY;
}

/** The part of the gateway name before the dash, lower-cased: "cardconnect-test" → "cardconnect". */
export function gatewayKind(value: unknown): PortalConfig["gateway"] {
  const kind = typeof value === "string" ? value.split("-")[0]?.trim().toLowerCase() : "";
  return kind === "cardconnect" ? "cardconnect" : "stripe";
}

/** A list of known values: unknown ones, and anything not a list, left out. */
const knownOnly = <T extends string>(values: readonly T[]) =>
  z
    .array(z.unknown())
    .max(50)
    .catch([])
    .transform((list) => [...new Set(list.filter((v): v is T => values.includes(v as T)))]);

// Names from the contract; the values are made safe below, field by field.
const portalConfigDtoSchema = namedBy<PortalConfigDto>()(
  z.object({
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
    payments: z
      .object({
        partialAllowed: z.boolean().catch(false),
        partialMinimum: z.number().finite().nonnegative().nullable().catch(null),
      })
      .nullish()
      .catch(null),
    documents: z
      .object({ zips: z.boolean().catch(false), exportDownloads: z.boolean().catch(false) })
      .nullish()
      .catch(null),
    signIn: z
      .object({
        secondFactor: z.enum(SECOND_FACTOR_POLICIES).catch("optional"),
        passkeys: z.boolean().optional().catch(false),
        passkeySignIn: z.boolean().optional().catch(false),
      })
      .nullish()
      .catch(null),
    subscriptions: z
      .object({
        // Codes the portal cannot word, and offers it cannot make, are left out.
        cancelReasons: knownOnly(CANCEL_REASONS),
        pause: z
          .object({ maxCycles: z.number().int().min(1).max(MAX_PAUSE_CYCLES) })
          .nullish()
          .catch(null),
        offers: knownOnly(RETENTION_OFFER_KINDS).optional(),
      })
      .nullish()
      .catch(null),
  }),
);

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
    enabledTabs: PORTAL_TABS.filter((tab) => tabs.includes(tab)),
    gateway: gatewayKind(c.gateway),
    payments: c.payments
      ? { partialAllowed: c.payments.partialAllowed, partialMinimum: c.payments.partialMinimum }
      : null,
    documents: {
      zips: c.documents?.zips ?? false,
      exportDownloads: c.documents?.exportDownloads ?? false,
    },
    subscriptions: c.subscriptions
      ? {
          cancelReasons: c.subscriptions.cancelReasons,
          pauseMaxCycles: c.subscriptions.pause?.maxCycles ?? null,
          offers: c.subscriptions.offers ?? [],
        }
      : null,
    secondFactorRequired: c.signIn?.secondFactor === "required",
    passkeys: c.signIn?.passkeys === true,
    passkeySignIn: c.signIn?.passkeys === true && c.signIn.passkeySignIn === true,
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
