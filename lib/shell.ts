import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import type { CustomerSummary } from "@/lib/billing/user";
import { getMe, listCustomers } from "@/lib/http/page-call";
import { RefreshNeededError, SessionEndedError } from "@/lib/billing/errors";
import { getPortalConfig } from "@/lib/portal-config";
import type { PortalConfig } from "@/lib/portal-config-types";
import { PORTAL_PATH_HEADER, SESSION_ENDED_HEADER, protectedReturnPath } from "@/lib/portal-path";
import { getRequestHost } from "@/lib/request-host";
import { expiredPathFor, safeReturnPath } from "@/lib/return-path";
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
  /**
   * The user or their customers could not be loaded (the billing API failed or timed out): the
   * frame stays, with what failed and a way to try again in place of the page.
   */
  failed: boolean;
};

/** This protected request's return path and whether the proxy has just ended its session. */
async function protectedRequest(): Promise<{ returnTo: string; ended: boolean }> {
  const list = await headers();
  return {
    returnTo: protectedReturnPath(list.get(PORTAL_PATH_HEADER)),
    ended: list.get(SESSION_ENDED_HEADER) === "1",
  };
}

/**
 * For the signed-in frame: the session (or a redirect to sign in, coming back to this page), then
 * the user and their customers. Tokens that no longer work end the session via /api/auth/expired.
 */
export const loadShell = cache(async (): Promise<ShellData> => {
  const { returnTo, ended } = await protectedRequest();
  const session = await requireSession(returnTo, { ended });
  let user: Awaited<ReturnType<typeof getMe>>;
  let customers: CustomerSummary[];
  try {
    [user, customers] = await Promise.all([getMe(session), listCustomers(session)]);
  } catch (error) {
    // A refused token is refreshed where the cookie can be written, and the browser comes back.
    if (error instanceof SessionEndedError || error instanceof RefreshNeededError)
      redirect(expiredPathFor(returnTo));
    if (!(error instanceof Error) || !("status" in error)) console.error("[shell] failed", error);
    return { email: session.email, customers: [], selectedCustomerId: null, failed: true };
  }
  const wanted = session.selectedCustomerId ?? user.selectedCustomerId;
  const selected =
    customers.find((c) => c.customerId === wanted) ??
    customers.find((c) => c.id === wanted) ??
    customers[0] ??
    null;
  return {
    email: user.email,
    customers,
    selectedCustomerId: selected?.customerId ?? null,
    failed: false,
  };
});

/** This protected request's return path (the page itself), for a link that loads it again. */
export async function currentReturnPath(): Promise<string> {
  return safeReturnPath((await protectedRequest()).returnTo);
}

/** The session of a protected page's data loader (the layout has already checked it; pages check again). */
export async function requirePageSession() {
  const { returnTo, ended } = await protectedRequest();
  return requireSession(returnTo, { ended });
}
