"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useReducer, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import type { ListId } from "@/lib/lists/definitions";
import {
  builderReducer,
  filterFieldsFor,
  initialBuilderState,
  type ListFilter,
} from "@/lib/lists/filters";
import { withFilterAdded, withFilterRemoved, type ListView } from "@/lib/lists/params";
import type { CustomField, ListColumn } from "@/lib/schemas/lists";
import { AppliedFilterChip, ProvisionalFilterChip } from "./filter-chip";
import { FilterBuilder } from "./filter-builder";
import { draftChipParts } from "./filter-texts";
import { FunnelIcon } from "./funnel-icon";
import { useFilterTexts } from "./use-filter-texts";

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
  const [state, dispatch] = useReducer(builderReducer, initialBuilderState);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const setOpenAndReset = (next: boolean) => {
    setOpen(next);
    // Closing without Apply drops the draft: the builder always opens at step 1.
    if (!next) dispatch({ type: "reset" });
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

  const draft = draftChipParts(state, fields, texts);

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <Popover open={open} onOpenChange={setOpenAndReset}>
        <PopoverTrigger asChild>
          <Button ref={triggerRef} variant="secondary" size="sm">
            <FunnelIcon className="size-4" />
            {t("filter.button")}
          </Button>
        </PopoverTrigger>
        <PopoverContent
          aria-labelledby={titleId}
          side="bottom"
          sideOffset={8}
          collisionPadding={16}
          onEscapeKeyDown={(event) => {
            // An open value list closes first; the next Escape closes the popover.
            const active = document.activeElement;
            if (
              active?.getAttribute("role") === "combobox" &&
              active.getAttribute("aria-expanded") === "true"
            )
              event.preventDefault();
          }}
          className="max-h-(--radix-popover-content-available-height) w-96 overflow-y-auto shadow-xl"
        >
          <FilterBuilder
            list={list}
            fields={fields}
            state={state}
            dispatch={dispatch}
            texts={texts}
            titleId={titleId}
            onApply={apply}
            onCancel={() => setOpenAndReset(false)}
          />
        </PopoverContent>
      </Popover>

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
