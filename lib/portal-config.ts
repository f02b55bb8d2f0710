import "server-only";
import { fetchPortalConfig } from "./billing/portal-config";
import type { PortalConfig } from "./portal-config-types";

export type { PortalConfig } from "./portal-config-types";

// Per-host cache of the portal configuration. Every page and sign-in handler needs it, the API
// changes it rarely. "No portal here" is cached too, but only briefly; failures are not cached.

const NEGATIVE_TTL_MS = 5_000;
const MAX_HOSTS = 1_000;

type Entry = { value: PortalConfig | null; expiresAt: number };
type Store = { cache: Map<string, Entry>; pending: Map<string, Promise<PortalConfig | null>> };

// On globalThis: route handlers and pages are bundled apart but share one process (and one cache).
const KEY = Symbol.for("billing-portal.portal-config.cache");
const root = globalThis as typeof globalThis & { [KEY]?: Store };
const { cache, pending } = (root[KEY] ??= { cache: new Map(), pending: new Map() });

/** PORTAL_CONFIG_TTL_MS, default 60 000. */
function ttlMs(): number {
  const raw = process.env.PORTAL_CONFIG_TTL_MS;
  const value = raw ? Number(raw) : Number.NaN;
  return Number.isFinite(value) && value >= 0 ? value : 60_000;
}

/** The portal configuration of a host, or null when no portal lives there. */
export async function getPortalConfig(host: string): Promise<PortalConfig | null> {
  const key = host.trim().toLowerCase();
  if (!key || key.length > 300) return null;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) return hit.value;

  const inflight = pending.get(key);
  if (inflight) return inflight;
  const request = fetchPortalConfig(key)
    .then((value) => {
      if (cache.size >= MAX_HOSTS) cache.clear();
      cache.set(key, {
        value,
        expiresAt: Date.now() + (value ? ttlMs() : Math.min(ttlMs(), NEGATIVE_TTL_MS)),
      });
      return value;
    })
    .finally(() => pending.delete(key));
  pending.set(key, request);
  return request;
}

/** Test hook: forget every cached host. */
export function clearPortalConfigCache(): void {
  cache.clear();
  pending.clear();
}
