import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AccountView } from "@/components/account/account-view";
import { prefetchAccount } from "@/lib/query/account";
import { accountViewHref, loadAccountView, type AccountSubView } from "@/lib/account/view-params";
import { SessionEndedError } from "@/lib/billing/errors";
import { portalEnv } from "@/lib/config";
import { makeQueryClient } from "@/lib/query-client";
import { expiredPathFor } from "@/lib/return-path";
import { loadShell, pageTitle, requirePageSession } from "@/lib/shell";
import { dehydrateForStream } from "@/lib/query/stream-dehydrate";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const VIEW_TITLES: Record<
  AccountSubView,
  "changePassword" | "addPaymentMethod" | "deletePaymentMethod"
> = {
  "change-password": "changePassword",
  "add-payment-method": "addPaymentMethod",
  "delete-payment-method": "deletePaymentMethod",
};

// The title comes from the route: the page's, or its view's within it.
export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  const t = await getTranslations("account");
  const { view } = await loadAccountView(searchParams);
  const title = view ? `${t(`views.${VIEW_TITLES[view]}`)} · ${t("title")}` : t("title");
  return { title: await pageTitle(title) };
}

// Server-rendered with its data: contact details, payment methods with the gateway setup, the
// form URL and the bank-transfer details are fetched here and hydrated into React Query, so the
// first paint makes no request from the browser. Provider code loads only with the add dialog.
export default async function AccountPage({ searchParams }: { searchParams: SearchParams }) {
  const t = await getTranslations("account");
  const { view, method } = await loadAccountView(searchParams);
  const { selectedCustomerId: customerId, email, failed } = await loadShell();
  // The frame shows what failed in place of the page (the layout's ShellLoadError).
  if (failed) return null;
  if (!customerId)
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-foreground text-2xl font-semibold tracking-tight sm:text-3xl">
          {t("title")}
        </h1>
        <p className="text-muted-foreground">{t("noCustomer")}</p>
      </div>
    );

  const session = await requirePageSession();
  const client = makeQueryClient();
  let ended = false;
  try {
    await prefetchAccount(client, session, customerId);
  } catch (error) {
    if (!(error instanceof SessionEndedError)) throw error;
    ended = true;
  }
  if (ended) redirect(expiredPathFor(accountViewHref(view, method ?? undefined)));

  const env = portalEnv();
  return (
    <HydrationBoundary state={dehydrateForStream(client, "account")}>
      <AccountView
        customerId={customerId}
        email={email}
        providers={{
          stripeJsUrl: env.stripeJsUrl,
          tokenizerOriginOverride: env.tokenizerOriginOverride,
        }}
      />
    </HydrationBoundary>
  );
}
