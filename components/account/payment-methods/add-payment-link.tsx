"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useRefreshOnReturn } from "@/components/dashboard/use-refresh-on-return";
import { LoadFailed } from "../section";
import { ExternalLinkIcon } from "@/components/ui/icons/external-link";
import { useClearCache } from "../use-account-actions";

/**
 * The link to the hosted add-payment page, shown when the billing API has one (spec 000 §6). It
 * opens in a new tab; each time the customer comes back after using it, the billing API's cache is
 * cleared and the methods read again, so a card added there appears here.
 */
export function AddPaymentLink({ customerId, url }: { customerId: string; url: string }) {
  const t = useTranslations("account.addPaymentLink");
  const tShell = useTranslations("common.shell");
  const { run: clearCache } = useClearCache(customerId);
  const [waiting, setWaiting] = useState(false);
  // Every return refreshes, not only the first: a browser may hand focus back to this page while
  // the new tab is still loading, before any card was added there.
  const onReturn = useCallback(() => {
    void clearCache(undefined);
  }, [clearCache]);
  useRefreshOnReturn(waiting, onReturn);
  return (
    <p className="border-border text-muted-foreground mt-5 border-t pt-4 text-sm">
      {t("before")}{" "}
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => setWaiting(true)}
        className="text-primary hover:text-primary-hover inline-flex items-center gap-1 font-medium underline"
      >
        {t("link")}
        <span className="sr-only"> {tShell("newTab")}</span>
        <ExternalLinkIcon className="size-4" />
      </a>
    </p>
  );
}

/** In the link's place when the billing API did not answer it: what failed, and Try again. */
export function AddPaymentLinkFailed({
  retry,
  retryLabel,
}: {
  retry: () => void;
  retryLabel: string;
}) {
  const t = useTranslations("account.addPaymentLink");
  return (
    <div className="border-border mt-5 border-t pt-4">
      <LoadFailed text={t("loadFailed")} retry={retry} retryLabel={retryLabel} />
    </div>
  );
}
