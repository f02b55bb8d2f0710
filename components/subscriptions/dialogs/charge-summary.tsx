"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useFormatters } from "@/components/format/formatted-texts";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { formatLongDate } from "@/lib/format/dates";
import type { ChargePreview } from "@/lib/schemas/subscriptions";
import { DialogError } from "./dialog-error";
import { useKeyTranslator } from "@/components/forms/use-key-translator";

/** Whether a preview query failed because the billing API has no such preview (404). */
export const previewMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * What billing starting again charges now and when it invoices next (reactivating, resuming), as
 * the billing API previews it; its loading and failure said. A billing API without the preview
 * (404) leaves it out: the dialog's own text stands.
 */
export function ChargeSummary({
  id,
  query,
}: {
  /** Describes the dialog's OK button. */
  id: string;
  query: UseQueryResult<ChargePreview>;
}) {
  const t = useTranslations("subscriptionDialogs.charge");
  const { error: errorText } = useKeyTranslator();
  const locale = useLocale();
  const format = useFormatters();
  if (query.isError && previewMissing(query.error)) return <div id={id} />;
  const p = query.data;
  return (
    <div id={id} aria-live="polite" className="flex flex-col gap-2">
      {p ? (
        <dl className="bg-muted/60 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg px-3 py-2.5 text-sm">
          <dt className="text-muted-foreground">{t("now")}</dt>
          <dd className="text-foreground font-semibold">
            {p.chargeNow.amount > 0
              ? t("invoicedOn", {
                  amount: format.money(p.chargeNow.amount, p.currency),
                  date: formatLongDate(p.chargeNow.date, locale),
                })
              : t("nothing")}
          </dd>
          <dt className="text-muted-foreground">{t("next")}</dt>
          <dd className="text-foreground font-medium">
            {formatLongDate(p.nextInvoiceDate, locale)}
          </dd>
        </dl>
      ) : query.isPending || query.isFetching ? (
        <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
          <Spinner className="size-4" />
          {t("loading")}
        </p>
      ) : null}
      {query.isError ? <DialogError message={errorText(query.error, t("error"))} /> : null}
    </div>
  );
}
