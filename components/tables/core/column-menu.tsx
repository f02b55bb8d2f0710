"use client";

import { useTranslations } from "next-intl";
import { MoreIcon } from "@/components/ui/icons/more";
import { LoadOnUse, loadable } from "@/components/ui/load-on-use";
import type { ColumnMenuProps } from "./column-menu-control";

// The trigger's look, repeated here so the first paint does not import the menu's module.
const triggerClass =
  "text-muted-foreground hover:bg-muted hover:text-foreground inline-flex size-7 shrink-0 items-center justify-center rounded-md";

const control = loadable(() => import("./column-menu-control").then((m) => m.default));

/** A column's menu: move and resize with single clicks, the alternative to dragging (WCAG 2.2 SC 2.5.7). */
export function ColumnMenu(props: ColumnMenuProps) {
  const t = useTranslations("lists.table.menu");
  return (
    <LoadOnUse
      control={control}
      props={props}
      opensOn="press"
      placeholder={(handlers) => (
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={false}
          aria-label={t("button", { column: props.label })}
          className={triggerClass}
          {...handlers}
        >
          <MoreIcon />
        </button>
      )}
    />
  );
}
