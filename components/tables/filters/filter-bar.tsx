"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadOnUse, loadable } from "@/components/ui/load-on-use";
import type { ListId } from "@/lib/lists/definitions";
import { filterFieldsFor, type ListFilter } from "@/lib/lists/filters";
import { withFilterAdded, withFilterRemoved, type ListView } from "@/lib/lists/params";
import type { CustomField, ListColumn } from "@/lib/schemas/lists";
import { AppliedFilterChip, ProvisionalFilterChip } from "./filter-chip";
import { FilterButtonContent } from "./filter-button";
import type { DraftParts } from "./draft-chip";
import { useFilterTexts } from "./use-filter-texts";

// The builder and its popover load with the first pointer or focus on the filter button.
const popover = loadable(() => import("./filter-popover").then((m) => m.default));

export type FilterBarProps = {
  list: ListId;
  view: ListView;
  /** Applies a new view (a filter change also returns to page one: see lib/lists/params.ts). */
  onViewChange: (next: ListView) => void;
  /** The list's custom fields shown in the portal (filterable ones are offered). */
  customFields: readonly CustomField[];
  /** The table's columns: a field is named like the column it filters. */
  columns?: readonly ListColumn[];
};

/** The filter builder and the applied filters' chips of a list (spec 001 §4–5). */
export function FilterBar({ list, view, onViewChange, customFields, columns }: FilterBarProps) {
  const t = useTranslations("lists");
  const fields = useMemo(() => filterFieldsFor(list, customFields), [list, customFields]);
  const texts = useFilterTexts(list, fields, columns);
  const [open, setOpen] = useState(false);
  // The builder's choice as chip text while it is built; the builder (in its popover) reports it.
  const [draft, setDraft] = useState<DraftParts | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const setOpenAndReset = (next: boolean) => {
    setOpen(next);
    // Closing without Apply drops the draft: the builder (unmounted on close) opens at step 1.
    if (!next) setDraft(null);
  };

  const apply = (filter: ListFilter) => {
    onViewChange(withFilterAdded(view, filter));
    setOpenAndReset(false);
  };

  const remove = (index: number) => {
    onViewChange(withFilterRemoved(view, index));
    // The chip and its button are gone; keep the keyboard user in the toolbar.
    triggerRef.current?.focus();
  };

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <LoadOnUse
        control={popover}
        props={{
          open,
          onOpenChange: setOpenAndReset,
          triggerRef,
          onDraftChange: setDraft,
          builder: {
            list,
            fields,
            texts,
            titleId,
            onApply: apply,
            onCancel: () => setOpenAndReset(false),
          },
        }}
        opensOn="click"
        placeholder={(handlers) => (
          <Button
            ref={triggerRef}
            variant="secondary"
            size="sm"
            aria-haspopup="dialog"
            aria-expanded={false}
            {...handlers}
            onClick={() => {
              handlers.onClick();
              setOpenAndReset(true);
            }}
          >
            <FilterButtonContent />
          </Button>
        )}
      />

      {view.filters.length > 0 || (open && draft) ? (
        <ul aria-label={t("filter.applied")} className="flex min-w-0 flex-wrap items-center gap-2">
          {view.filters.map((filter, index) => {
            const parts = {
              field: texts.field(filter.field),
              operator: texts.operator(filter.operator),
              value: texts.value(filter),
            };
            return (
              <li
                key={`${filter.field}.${filter.operator}.${filter.value ?? ""}`}
                className="min-w-0"
              >
                <AppliedFilterChip
                  parts={parts}
                  removeLabel={t("filter.remove", parts).trim()}
                  onRemove={() => remove(index)}
                />
              </li>
            );
          })}
          {open && draft ? (
            <li className="min-w-0">
              <ProvisionalFilterChip parts={draft} prefix={t("filter.building")} />
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
