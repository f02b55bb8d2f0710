import { useTranslations } from "next-intl";
import { cx } from "@/components/ui/cx";
import type { ListId } from "@/lib/lists/definitions";
import { EMPTY_VALUE } from "@/lib/format/values";
import { statusText, statusTone } from "@/lib/format/status";
import type { LooseTranslator } from "@/lib/lists/labels";

/**
 * A row's status as a chip, in the reader's language: invoices' Posted reads Unpaid, payment
 * statuses are capitalised, failed payments are red.
 */
export function StatusChip({ list, status }: { list: ListId; status: string | null }) {
  // The key is built from the row's status at run time; statusText checks it with t.has.
  const t = useTranslations();
  const text = statusText(list, status, t as unknown as LooseTranslator);
  if (text === EMPTY_VALUE) return <>{EMPTY_VALUE}</>;
  const tone = statusTone(list, status);
  return (
    <span
      data-tone={tone}
      className={cx(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
        tone === "danger"
          ? "border-danger-border bg-danger-soft text-danger"
          : "border-border bg-muted text-foreground",
      )}
    >
      {text}
    </span>
  );
}
