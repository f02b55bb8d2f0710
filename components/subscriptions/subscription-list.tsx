"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ExclamationTriangleIcon } from "@/components/ui/icons/exclamation-triangle";
import { Spinner } from "@/components/ui/spinner";
import type { SubscriptionListStatus } from "@/lib/schemas/subscriptions";
import { useSubscriptions } from "@/lib/subscriptions/use-subscriptions";
import { SubscriptionPanel } from "./subscription-panel";
import { useKeyTranslator } from "@/components/forms/use-key-translator";

/** One sub-tab's subscriptions: loading, the server's error (or 'Failed to load subscriptions'), empty, or the panels. */
export function SubscriptionList({
  customerId,
  status,
}: {
  customerId: string;
  status: SubscriptionListStatus;
}) {
  const t = useTranslations("subscriptions");
  const { error: errorText } = useKeyTranslator();
  const query = useSubscriptions(customerId, status);

  if (query.isPending)
    return (
      <div
        role="status"
        className="border-border text-muted-foreground flex min-h-40 items-center justify-center gap-3 rounded-xl border border-dashed text-sm"
      >
        <Spinner className="size-5" />
        {t("loading")}
      </div>
    );
  if (query.isError)
    return (
      <div
        role="alert"
        className="border-danger-border bg-danger-soft flex min-h-40 flex-col items-center justify-center gap-3 rounded-xl border px-6 py-8 text-center"
      >
        <p className="text-danger flex items-center gap-2 text-sm font-medium">
          <ExclamationTriangleIcon className="size-5" />
          {errorText(query.error, t("loadError"))}
        </p>
        <Button
          variant="secondary"
          size="sm"
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t("retry")}
        </Button>
      </div>
    );
  if (query.data.length === 0)
    return (
      <div className="border-border text-muted-foreground flex min-h-40 items-center justify-center rounded-xl border border-dashed px-6 text-center text-sm">
        {t(`empty.${status}`)}
      </div>
    );
  return (
    <ul aria-label={t("listLabel", { status })} className="flex flex-col gap-3">
      {query.data.map((subscription) => (
        <SubscriptionPanel
          key={subscription.id}
          subscription={subscription}
          customerId={customerId}
        />
      ))}
    </ul>
  );
}
