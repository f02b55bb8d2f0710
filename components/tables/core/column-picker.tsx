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

// Not offered on small screens. max-sm:hidden, not "hidden sm:inline-flex": without tailwind-merge
// the button's own inline-flex would fight a plain hidden; a media variant comes later and wins.
export const pickerTriggerClass = cx(
  buttonVariants({ variant: "secondary", size: "sm" }),
  "max-sm:hidden",
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
