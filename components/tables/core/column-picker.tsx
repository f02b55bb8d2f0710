"use client";

import { useTranslations } from "next-intl";
import { buttonVariants } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { ColumnsIcon } from "@/components/ui/icons/columns";
import { LoadOnUse, loadable } from "@/components/ui/load-on-use";

export type PickerColumn = { id: string; label: string; required: boolean; visible: boolean };

export type ColumnPickerProps = {
  columns: readonly PickerColumn[];
  onToggle: (id: string, visible: boolean) => void;
};

export const pickerTriggerClass = cx(
  buttonVariants({ variant: "secondary", size: "sm" }),
  "hidden sm:inline-flex",
);

const control = loadable(() => import("./column-picker-control").then((m) => m.default));

/** The column picker: a checkbox per column, required ones fixed on. Not offered on small screens, where the lists are cards. */
export function ColumnPicker(props: ColumnPickerProps) {
  const t = useTranslations("lists.table.picker");
  return (
    <LoadOnUse
      control={control}
      props={props}
      opensOn="click"
      placeholder={(handlers) => (
        <button
          type="button"
          aria-haspopup="dialog"
          aria-expanded={false}
          className={pickerTriggerClass}
          {...handlers}
        >
          <ColumnsIcon /> {t("button")}
        </button>
      )}
    />
  );
}
