// The dashboard's tabs (spec 001 §2): the five lists and the subscriptions, which is a tab but not
// a list. Declared here, with the tabs, so the lists' modules hold lists only; `tab` in the URL is
// parsed by the same nuqs parser on the server and in the browser.
import type { PortalTab } from "@billing-portal/contract/enums";
import { parseAsStringLiteral } from "nuqs/server";

/** Every dashboard tab in the tab bar's order (the contract's tabs, as the bar lays them out). */
export const DASHBOARD_TABS = [
  "invoices",
  "payments",
  "usages",
  "credits",
  "subscriptions",
  "statements",
] as const satisfies readonly PortalTab[];
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const tabParser = parseAsStringLiteral(DASHBOARD_TABS);

/** The tab bar's tabs that the company enabled, in the bar's order. */
export function enabledDashboardTabs(enabledTabs: readonly string[]): DashboardTab[] {
  return DASHBOARD_TABS.filter((tab) => enabledTabs.includes(tab));
}

/**
 * The active tab for a `tab` value: itself when enabled, else the first enabled tab with
 * `replace: true` (the URL is corrected by replacement, spec 001 §2). No enabled tab → null.
 */
export function resolveTab(
  raw: string | null | undefined,
  enabledTabs: readonly string[],
): { tab: DashboardTab | null; replace: boolean } {
  const tabs = enabledDashboardTabs(enabledTabs);
  const chosen = tabs.find((tab) => tab === raw);
  if (chosen) return { tab: chosen, replace: false };
  const first = tabs[0] ?? null;
  return { tab: first, replace: first !== null };
}

/** The href that opens a tab from its defaults (page, size, sort and filters left behind). */
export function tabSwitchHref(tab: DashboardTab): string {
  return `?tab=${tab}`;
}
