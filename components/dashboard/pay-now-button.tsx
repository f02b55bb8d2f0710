"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useOpenSignedLink } from "@/components/tables/cells/open-link";
import { Button } from "@/components/ui/button";
import { fetchPayNowUrl } from "@/lib/lists/bff";
import { useRefreshBilling } from "@/lib/lists/use-refresh-billing";
import { useRefreshOnReturn } from "./use-refresh-on-return";

/**
 * Make a payment: opens the hosted pay-now page in a new tab. The tab opens with the click and
 * loads the page once the BFF has handed out its signed URL (a tab opened after the fetch would
 * be stopped by popup blockers); without a URL it closes again with an error toast. While the
 * link is fetched the button is busy and a second click sends nothing; when the customer comes
 * back, the balance and the lists are fetched again.
 */
export function PayNowButton() {
  const t = useTranslations("lists.dashboard.balance");
  const tLinks = useTranslations("lists.links");
  const { open, pending } = useOpenSignedLink(fetchPayNowUrl);
  const [waiting, setWaiting] = useState(false);
  const refresh = useRefreshBilling();
  const onReturn = useCallback(() => {
    setWaiting(false);
    void refresh();
  }, [refresh]);
  useRefreshOnReturn(waiting, onReturn);
  return (
    <Button
      loading={pending}
      onClick={async () => {
        if (await open()) setWaiting(true);
      }}
    >
      {t("makePayment")}
      <span className="sr-only"> {tLinks("newTab")}</span>
    </Button>
  );
}
