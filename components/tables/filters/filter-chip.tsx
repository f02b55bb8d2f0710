"use client";

import { cx } from "@/components/ui/cx";
import { XIcon } from "@/components/ui/icons/x";

// Marks the part still to be chosen.
const ELLIPSIS = "…";

type ChipParts = { field: string; operator: string; value: string };

function ChipText({ field, operator, value }: ChipParts) {
  return (
    <span className="min-w-0 py-1 break-words">
      <span className="font-medium">{field}</span>{" "}
      <span className="text-muted-foreground">{operator}</span>
      {value ? <span className="font-medium"> {value}</span> : null}
    </span>
  );
}

// Long chips wrap rather than hide their value; one line is a pill, more lines a rounded box.
const chipClassName =
  "inline-flex min-h-8 max-w-full min-w-0 items-center gap-1 rounded-2xl border text-sm text-foreground";

/** An applied filter with its remove button. */
export function AppliedFilterChip({
  parts,
  removeLabel,
  onRemove,
}: {
  parts: ChipParts;
  /** 'Remove filter <field> <operator> <value>'. */
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <span className={cx(chipClassName, "border-border bg-muted ps-3 pe-1")}>
      <ChipText {...parts} />
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel}
        className="text-muted-foreground hover:bg-background hover:text-foreground grid size-6 shrink-0 place-items-center rounded-full transition-colors"
      >
        <XIcon className="size-4" />
      </button>
    </span>
  );
}

/** The filter being built: what is chosen so far, with no way to remove it (spec 001 §4). */
export function ProvisionalFilterChip({
  parts,
  prefix,
}: {
  parts: Partial<ChipParts> & { field: string };
  /** Read by screen readers before the parts: 'Filter being built:'. */
  prefix: string;
}) {
  return (
    <span
      data-provisional=""
      className={cx(chipClassName, "border-primary bg-primary-soft border-dashed px-3")}
    >
      <span className="sr-only">{prefix} </span>
      <ChipText
        field={parts.field}
        operator={parts.operator ?? ELLIPSIS}
        value={parts.value ?? (parts.operator ? ELLIPSIS : "")}
      />
    </span>
  );
}
