import "server-only";
import { requestAlerts } from "@/lib/billing/alerts";
import { SessionEndedError } from "@/lib/billing/errors";
import { callForPage } from "@/lib/http/page-call";
import { isExpectedFailure, pageDataWaitMs } from "@/lib/query/prefetch";
import { getLocale, getTranslations } from "next-intl/server";
import { formatDate } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import type { AlertEvent, AlertNotices } from "@/lib/schemas/alerts";
import type { PortalSession } from "@/lib/session/types";

// The dashboard's alert banners, server-rendered: the alerts fired in a period not yet invoiced
// that the user has not dismissed. Alerts are optional in the contract (a 404: none), and a
// failure or a slow answer shows none rather than hold the page.

/** At most this many banners; the account page lists every alert sent. */
const MAX_NOTICES = 3;

export async function loadAlertNotices(
  session: PortalSession,
  today: string,
): Promise<AlertEvent[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<AlertEvent[]>((resolve) => {
    timer = setTimeout(() => resolve([]), pageDataWaitMs());
  });
  const loading = callForPage(session, (accessToken, clientIp) =>
    requestAlerts({ accessToken, clientIp }),
  ).then(
    (settings) =>
      settings.events.filter((e) => !e.dismissed && e.periodEnd > today).slice(0, MAX_NOTICES),
    (err: unknown) => {
      if (err instanceof SessionEndedError) throw err;
      if (!isExpectedFailure(err)) console.error("[alert notices] failed", err);
      return [];
    },
  );
  try {
    return await Promise.race([loading, waited]);
  } finally {
    clearTimeout(timer);
  }
}

/** The banners' texts in the page's language (the `periods` namespace stays on the server). */
export async function noticeTexts(events: AlertEvent[]): Promise<AlertNotices | null> {
  if (events.length === 0) return null;
  const t = await getTranslations("periods");
  const locale = await getLocale();
  return {
    dismiss: t("alertBanner.dismiss"),
    items: events.map((e) => ({
      id: e.id,
      text: t("alertBanner.text", {
        basis: e.basis,
        date: formatDate(e.periodEnd, locale),
        value: formatMoney(e.value, e.currency, locale),
        amount: formatMoney(e.amount, e.currency, locale),
      }),
    })),
  };
}
