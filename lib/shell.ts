import "server-only";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { getMe, listCustomers, type CustomerSummary } from "@/lib/billing/user";
import { SessionEndedError } from "@/lib/billing/errors";
import { getPortalConfig } from "@/lib/portal-config";
import type { PortalConfig } from "@/lib/portal-config-types";
import { getRequestHost } from "@/lib/request-host";
import { expiredPathFor } from "@/lib/return-path";
import { requireSession } from "@/lib/session/session";

/** This request's portal (from the Host header), or null when no portal lives at this address. Once per request. */
export const getCurrentPortal = cache(async (): Promise<PortalConfig | null> =>
  getPortalConfig(await getRequestHost()),
);

/** A page's title, or 'No portal' on a host without a portal (the root layout then shows that screen). */
export async function pageTitle(title: string): Promise<string> {
  if (await getCurrentPortal()) return title;
  const t = await getTranslations("common");
  return t("noPortal.title");
}

/** What the top bar needs; safe to hand to client components (no tokens). */
export type ShellData = {
  email: string;
  customers: CustomerSummary[];
  /** The selected customer's `customerId`, or null when the user has none. */
  selectedCustomerId: string | null;
};

/**
 * For a protected page: the session (or a redirect to sign in, coming back to `returnTo`), then the
 * user and their customers. Tokens that no longer work end the session via /api/auth/expired.
 */
export async function loadShell(returnTo: string): Promise<ShellData> {
  const session = await requireSession(returnTo);
  let user: Awaited<ReturnType<typeof getMe>>;
  let customers: CustomerSummary[];
  try {
    [user, customers] = await Promise.all([getMe(session), listCustomers(session)]);
  } catch (error) {
    if (error instanceof SessionEndedError) redirect(expiredPathFor(returnTo));
    throw error;
  }
  const wanted = session.selectedCustomerId ?? user.selectedCustomerId;
  const selected =
    customers.find((c) => c.customerId === wanted) ??
    customers.find((c) => c.id === wanted) ??
    customers[0] ??
    null;
  return { email: user.email, customers, selectedCustomerId: selected?.customerId ?? null };
}
