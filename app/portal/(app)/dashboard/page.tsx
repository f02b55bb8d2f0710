import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { RedirectType, notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { ThisPeriod } from "@/components/periods/this-period";
import { loadAlertNotices, noticeTexts } from "@/lib/alerts/notices";
import { easternToday } from "@/lib/format/dates";
import type { AlertEvent } from "@/lib/schemas/alerts";
import { loadPeriodEstimate, type PeriodLoad } from "@/lib/periods/load";
import { SessionEndedError } from "@/lib/billing/errors";
import { isListId } from "@/lib/lists/definitions";
import type { ListPageData } from "@/lib/lists/queries";
import { pageCount } from "@/lib/lists/pager";
import { enabledDashboardTabs, resolveTab } from "@/lib/dashboard/tabs";
import { readListView, serializeListView, withPageIndex } from "@/lib/lists/params";
import { prefetchAccountDetail, prefetchList } from "@/lib/query/lists";
import { listKeys } from "@/lib/lists/queries";
import { makeQueryClient } from "@/lib/query-client";
import { readSubscriptionStatus } from "@/lib/subscriptions/params";
import { prefetchSubscriptions } from "@/lib/query/subscriptions";
import { expiredPathFor } from "@/lib/return-path";
import { getCurrentPortal, loadShell, pageTitle, requirePageSession } from "@/lib/shell";
import { dehydrateForStream } from "@/lib/query/stream-dehydrate";

const DASHBOARD_PATH = "/portal/dashboard";

type SearchParams = Record<string, string | string[] | undefined>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: await pageTitle(t("dashboard.title")) };
}

function queryOf(params: SearchParams, overrides: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
      query.append(key, v);
  for (const [key, value] of Object.entries(overrides)) query.set(key, value);
  const text = query.toString();
  return text ? `?${text}` : "";
}

// Server-rendered with its data: the active list's page for the URL's view (or the subscriptions
// sub-tab's list) and the account detail are fetched here and hydrated into React Query, so the
// first paint needs no request from the browser; "This period" is fetched beside them and rendered
// here, on the server only.
export default async function DashboardPage({
  searchParams,
}: {
  searchParams: Promise<SearchParams>;
}) {
  const portal = await getCurrentPortal();
  if (!portal) notFound();
  const params = await searchParams;
  const raw = Array.isArray(params.tab) ? params.tab[0] : params.tab;
  // A missing or unknown tab renders the first enabled one at once; the browser then puts it in
  // the URL by replacement (DashboardTabs), so the way in costs no redirect (spec 001 §2).
  const { tab } = resolveTab(raw, portal.enabledTabs);

  const t = await getTranslations("common");
  const tLists = await getTranslations("lists.dashboard");
  const title = (
    <h1 className="text-foreground text-2xl font-semibold tracking-tight sm:text-3xl">
      {t("dashboard.title")}
    </h1>
  );
  const { selectedCustomerId: customerId, failed } = await loadShell();
  // The frame shows what failed in place of the page (the layout's ShellLoadError).
  if (failed) return null;
  if (!customerId || !tab)
    return (
      <div className="flex flex-col gap-6">
        {title}
        <p className="text-muted-foreground">{tLists("noCustomer")}</p>
      </div>
    );

  const session = await requirePageSession();
  const client = makeQueryClient();
  const view = isListId(tab) ? readListView(tab, params) : null;
  let ended = false;
  let period: PeriodLoad = { state: "absent" };
  let notices: AlertEvent[] = [];
  try {
    [period, notices] = await Promise.all([
      loadPeriodEstimate(session),
      loadAlertNotices(session, easternToday()),
      prefetchAccountDetail(client, session, customerId),
      isListId(tab) && view ? prefetchList(client, session, tab, customerId, view) : null,
      tab === "subscriptions"
        ? prefetchSubscriptions(client, session, customerId, readSubscriptionStatus(params))
        : null,
    ]);
  } catch (error) {
    if (!(error instanceof SessionEndedError)) throw error;
    ended = true;
  }
  if (ended) redirect(expiredPathFor(DASHBOARD_PATH + queryOf(params)));

  // A stale or hand-edited page number past the end goes to the last page.
  if (isListId(tab) && view) {
    const page = client.getQueryData<ListPageData>(listKeys.page(tab, customerId, view));
    const count = page ? pageCount(page.total, view.size) : 1;
    if (page && page.total > 0 && view.pageIndex >= count)
      redirect(
        DASHBOARD_PATH + serializeListView(tab, withPageIndex(view, count - 1)),
        RedirectType.replace,
      );
  }

  return (
    <div className="flex flex-col gap-6">
      {title}
      <HydrationBoundary state={dehydrateForStream(client, "dashboard")}>
        <DashboardView
          tabs={enabledDashboardTabs(portal.enabledTabs)}
          customerId={customerId}
          payments={portal.payments}
          documents={portal.documents}
          leaving={portal.subscriptions}
          period={<ThisPeriod load={period} />}
          notices={await noticeTexts(notices)}
        />
      </HydrationBoundary>
    </div>
  );
}
