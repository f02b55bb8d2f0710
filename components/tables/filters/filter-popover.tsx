"use client";

import type { ComponentProps, RefObject } from "react";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { FilterBuilder } from "./filter-builder";
import { FilterButtonContent } from "./filter-button";

type FilterPopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
  autoFocus: boolean;
  builder: ComponentProps<typeof FilterBuilder>;
};

/** The filter button's popover with the builder (Radix Popover), loaded on first use by FilterBar. */
export default function FilterPopover({
  open,
  onOpenChange,
  triggerRef,
  autoFocus,
  builder,
}: FilterPopoverProps) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button ref={triggerRef} autoFocus={autoFocus} variant="secondary" size="sm">
          <FilterButtonContent />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        aria-labelledby={builder.titleId}
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
        <FilterBuilder {...builder} />
      </PopoverContent>
    </Popover>
  );
}
