"use client";

import { useTranslations } from "next-intl";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { MoveLeftIcon as ArrowLeftIcon } from "@/components/ui/icons/move-left";
import { MoveRightIcon as ArrowRightIcon } from "@/components/ui/icons/move-right";
import { MoreIcon } from "@/components/ui/icons/more";
import { NarrowerIcon } from "@/components/ui/icons/narrower";
import { ResetIcon } from "@/components/ui/icons/reset";
import { WiderIcon } from "@/components/ui/icons/wider";
import type { Opening } from "@/components/ui/load-on-use";

export type ColumnMenuProps = {
  label: string;
  canMoveLeft: boolean;
  canMoveRight: boolean;
  onMove: (direction: -1 | 1) => void;
  onWiden: (delta: number) => void;
  onResetWidth: () => void;
};

const WIDTH_STEP = 40;

/** The Radix menu behind ColumnMenu (column-menu.tsx), loaded when a pointer or focus reaches it. */
export default function ColumnMenuControl({
  label,
  canMoveLeft,
  canMoveRight,
  onMove,
  onWiden,
  onResetWidth,
  defaultOpen,
  autoFocus,
}: ColumnMenuProps & Opening) {
  const t = useTranslations("lists.table.menu");
  // Items keep the menu open (preventDefault) so a column can be moved or resized several steps.
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger
        autoFocus={autoFocus}
        aria-label={t("button", { column: label })}
        className="text-muted-foreground hover:bg-muted hover:text-foreground data-[state=open]:bg-muted inline-flex size-7 shrink-0 items-center justify-center rounded-md"
      >
        <MoreIcon />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem
          disabled={!canMoveLeft}
          onSelect={(e) => {
            e.preventDefault();
            onMove(-1);
          }}
        >
          <ArrowLeftIcon className="rtl:-scale-x-100" /> {t("moveLeft")}
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={!canMoveRight}
          onSelect={(e) => {
            e.preventDefault();
            onMove(1);
          }}
        >
          <ArrowRightIcon className="rtl:-scale-x-100" /> {t("moveRight")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={(e) => {
            e.preventDefault();
            onWiden(WIDTH_STEP);
          }}
        >
          <WiderIcon /> {t("wider")}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={(e) => {
            e.preventDefault();
            onWiden(-WIDTH_STEP);
          }}
        >
          <NarrowerIcon /> {t("narrower")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onResetWidth}>
          <ResetIcon /> {t("resetWidth")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
