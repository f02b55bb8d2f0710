import { cx } from "@/components/ui/cx";
import type { ListId } from "@/lib/lists/definitions";
import { EMPTY_VALUE } from "@/lib/format/values";
import { displayStatus, statusTone } from "@/lib/format/status";

/** A row's status as a chip: invoices' Posted reads Unpaid, payment statuses are capitalised, failed payments are red. */
export function StatusChip({ list, status }: { list: ListId; status: string | null }) {
  const text = displayStatus(list, status);
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
