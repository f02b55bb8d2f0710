"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { cn } from "@/components/ui/cn";
import { ColumnsIcon } from "@/components/ui/icons/columns";
import type { Opening } from "@/components/ui/load-on-use";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { pickerTriggerClass, type ColumnPickerProps } from "./column-picker";

/** The Radix popover behind ColumnPicker (column-picker.tsx), loaded on first use. */
export default function ColumnPickerControl({
  columns,
  onToggle,
  defaultOpen,
  autoFocus,
}: ColumnPickerProps & Opening) {
  const t = useTranslations("lists.table.picker");
  const titleId = useId();
  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger autoFocus={autoFocus} className={pickerTriggerClass}>
        <ColumnsIcon /> {t("button")}
      </PopoverTrigger>
      <PopoverContent align="end" className="w-64 p-0" aria-labelledby={titleId}>
        <fieldset className="flex max-h-[min(24rem,60vh)] flex-col overflow-y-auto p-2">
          <legend id={titleId} className="text-foreground px-2 pt-1 pb-2 text-sm font-semibold">
            {t("title")}
          </legend>
          {columns.map((column) => (
            <label
              key={column.id}
              className={cn(
                "hover:bg-muted flex items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm",
                column.required ? "text-muted-foreground" : "cursor-pointer",
              )}
            >
              <input
                type="checkbox"
                className="accent-primary size-4 shrink-0"
                checked={column.required || column.visible}
                disabled={column.required}
                onChange={(e) => onToggle(column.id, e.target.checked)}
              />
              <span className="min-w-0 flex-1 truncate">{column.label}</span>
              {column.required ? <span className="text-xs">{t("required")}</span> : null}
            </label>
          ))}
        </fieldset>
      </PopoverContent>
    </Popover>
  );
}
