"use client";

import { useIsFetching, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ExclamationTriangleIcon } from "@/components/ui/icons/exclamation-triangle";
import { RefreshIcon } from "@/components/ui/icons/refresh";
import { useFormatters } from "@/components/format/formatted-texts";
import { toAmount } from "@/lib/format/money";
import { fetchAccountDetail } from "@/lib/lists/bff";
import { accountKeys } from "@/lib/lists/queries";
import { PayNowButton } from "./pay-now-button";
import { useRefreshBilling } from "@/lib/lists/use-refresh-billing";

/**
 * The account balance banner (spec 000 §6): the balance, the last payment, and Make a payment when
 * something is due and the company's payment gateway is on ('No invoice to pay' when nothing is).
 */
export function BalanceBanner({ customerId }: { customerId: string }) {
  const t = useTranslations("lists.dashboard.balance");
  const format = useFormatters();
  const detail = useQuery({
    queryKey: accountKeys.detail(customerId),
    queryFn: fetchAccountDetail,
  });
  const refresh = useRefreshBilling();
  const fetching = useIsFetching({ queryKey: accountKeys.all }) > 0;
  const data = detail.data;
  const balance = toAmount(data?.balance) ?? 0;
  const currency = data?.customerCurrency ?? data?.invoiceCurrency ?? null;
  const hasPayment = data?.paymentAmount != null && !!data.paymentDate;

  return (
    <Card className="p-5 sm:p-6" aria-labelledby="balance-title" role="region">
      <h2 id="balance-title" className="sr-only">
        {t("label")}
      </h2>
      {detail.isError && !data ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-danger flex items-center gap-2 text-sm font-medium">
            <ExclamationTriangleIcon className="size-5" />
            {t("error")}
          </p>
          <Button
            variant="secondary"
            size="sm"
            loading={detail.isFetching}
            onClick={() => void detail.refetch()}
          >
            {t("retry")}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
          <dl className="flex flex-wrap gap-x-10 gap-y-4">
            <div className="flex flex-col gap-1">
              <dt className="text-muted-foreground text-sm font-medium">{t("title")}</dt>
              <dd
                className="text-foreground text-3xl font-semibold tracking-tight tabular-nums"
                data-testid="balance"
              >
                {data ? format.money(data.balance, currency) : "…"}
              </dd>
            </div>
            <div className="flex flex-col gap-1">
              <dt className="text-muted-foreground text-sm font-medium">{t("lastPayment")}</dt>
              <dd className="text-foreground text-base tabular-nums">
                {!data
                  ? "…"
                  : hasPayment
                    ? t("lastPaymentOn", {
                        amount: format.money(data.paymentAmount, data.paymentCurrency ?? currency),
                        date: format.date(data.paymentDate),
                      })
                    : t("noPayment")}
              </dd>
            </div>
          </dl>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="ghost"
              size="sm"
              aria-label={t("refreshLabel")}
              loading={fetching}
              onClick={() => void refresh()}
            >
              {fetching ? null : <RefreshIcon />}
              {t("refresh")}
            </Button>
            {data?.paymentGatewayEnabled ? (
              balance > 0 ? (
                <PayNowButton />
              ) : (
                <p className="text-muted-foreground text-sm font-medium">{t("noInvoiceToPay")}</p>
              )
            ) : null}
          </div>
        </div>
      )}
    </Card>
  );
}
