// What Change Preview shows (spec 001 §3, §9), as text: money in the preview's currency, the
// effective date long ('MMMM DD, YYYY').
import { formatLongDate } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import type { ChangePreview } from "@/lib/schemas/subscriptions";

export type PreviewRow = {
  key: "priorInvoice" | "currentInvoice" | "nextInvoice" | "effectiveDate";
  value: string;
  /** A negative current invoice is money owed to the customer: shown as a credit of its size. */
  credit: boolean;
};

/** The preview's four rows, formatted for `locale`. */
export function previewRows(preview: ChangePreview, locale: string): PreviewRow[] {
  const money = (amount: number) => formatMoney(amount, preview.currency, locale);
  const credit = preview.currentInvoice < 0;
  return [
    { key: "priorInvoice", value: money(preview.priorInvoice), credit: false },
    {
      key: "currentInvoice",
      value: money(credit ? -preview.currentInvoice : preview.currentInvoice),
      credit,
    },
    { key: "nextInvoice", value: money(preview.nextInvoice), credit: false },
    {
      key: "effectiveDate",
      value: formatLongDate(preview.contractEffectiveDate, locale),
      credit: false,
    },
  ];
}
