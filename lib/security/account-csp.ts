import "server-only";
import { requestPaymentMethods } from "@/lib/billing/account";
import { portalEnv } from "@/lib/config";
import { getPortalConfig } from "@/lib/portal-config";
import type { PortalSession } from "@/lib/session/types";
import { providerOrigins, type GatewayForCsp, type ProviderOrigins } from "./payment-origins";

// The provider origins of the account page's CSP, per request in proxy.ts. Stripe needs only the
// company's gateway family (from the cached portal configuration); CardConnect's frame origin
// depends on the company's site and test mode, which only the (signed-in) gateway setup tells:
// read once per company with the visitor's token and kept a while.

const SITE_TTL_MS = 5 * 60_000;
const MAX_COMPANIES = 1_000;

type CardConnectSetup = { site: string | null; testMode: boolean };
const KEY = Symbol.for("billing-portal.cardconnect-setup.cache");
const root = globalThis as typeof globalThis & {
  [KEY]?: Map<string, { value: CardConnectSetup; expiresAt: number }>;
};
const setups = (root[KEY] ??= new Map());

async function cardConnectSetup(
  companyId: string,
  session: PortalSession | null,
): Promise<CardConnectSetup | null> {
  const hit = setups.get(companyId);
  if (hit && hit.expiresAt > Date.now()) return hit.value;
  if (!session || session.companyId !== companyId) return null;
  try {
    const { gateway } = await requestPaymentMethods({ accessToken: session.accessToken });
    const value = { site: gateway.site, testMode: gateway.testMode };
    if (setups.size >= MAX_COMPANIES) setups.clear();
    setups.set(companyId, { value, expiresAt: Date.now() + SITE_TTL_MS });
    return value;
  } catch {
    // No frame origin then: the page itself handles an upstream or session failure.
    return null;
  }
}

/** The provider origins the account page of this host may use, or null (none allowed). */
export async function accountPageProviders(
  host: string,
  session: PortalSession | null,
): Promise<ProviderOrigins | null> {
  let family: GatewayForCsp["family"] | null = null;
  let companyId = "";
  try {
    const portal = await getPortalConfig(host);
    family = portal?.gateway ?? null;
    companyId = portal?.companyId ?? "";
  } catch {
    return null;
  }
  const env = portalEnv();
  if (family === "stripe") return providerOrigins({ family }, env);
  if (family !== "cardconnect") return null;
  if (env.tokenizerOriginOverride)
    return providerOrigins({ family, site: null, testMode: true }, env);
  const setup = await cardConnectSetup(companyId, session);
  return setup ? providerOrigins({ family, ...setup }, env) : null;
}

/** Test hook: forget the cached CardConnect setups. */
export function clearCardConnectSetups(): void {
  setups.clear();
}
