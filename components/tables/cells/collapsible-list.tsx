"use client";

import { useId, useState } from "react";
import { COLLAPSE_KEYS, EMPTY_VALUE, collapseEntries } from "@/lib/format/values";
import type { ListColumn } from "@/lib/schemas/lists";
import { useDynamicText } from "./use-dynamic-text";

type CollapsibleListProps = {
  entries: readonly string[];
  /** With `rowId`, names the list for screen readers ("Invoices of P-1"). */
  column: ListColumn;
  rowId: string;
};

/** Invoice ids or totals of a payment: two entries, then "Load more" / "Load less" (spec 001 §9). */
export function CollapsibleList({ entries, column, rowId }: CollapsibleListProps) {
  const [expanded, setExpanded] = useState(false);
  const t = useDynamicText();
  const id = useId();
  const label = t("lists.table.ofRow", {
    column: column.label ?? (column.headerKey ? t(column.headerKey) : column.id),
    id: rowId,
  });
  if (entries.length === 0) return <>{EMPTY_VALUE}</>;
  const { visible, toggles } = collapseEntries(entries, expanded);
  return (
    <div className="flex flex-col items-start gap-1">
      <ul id={id} aria-label={label} className="flex flex-col gap-0.5 tabular-nums">
        {visible.map((entry, i) => (
          <li key={`${i}-${entry}`}>{entry}</li>
        ))}
      </ul>
      {toggles ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
          className="text-primary hover:text-primary-hover rounded text-xs font-medium underline underline-offset-2"
        >
          {t(expanded ? COLLAPSE_KEYS.less : COLLAPSE_KEYS.more)}
          <span className="sr-only"> {label}</span>
        </button>
      ) : null}
    </div>
  );
}
