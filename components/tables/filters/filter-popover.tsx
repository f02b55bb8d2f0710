"use client";

import { useRef, useState, type ComponentProps, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { FilterBuilder } from "./filter-builder";
import {
  builderReducer,
  initialBuilderState,
  type BuilderAction,
} from "@/lib/lists/filter-builder";
import { FilterButtonContent } from "./filter-button";
import { draftChipParts, type DraftParts } from "./draft-chip";

type FilterPopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
  autoFocus: boolean;
  /** The draft's chip text after each step, for the provisional chip beside the button. */
  onDraftChange: (draft: DraftParts | null) => void;
  builder: Omit<ComponentProps<typeof FilterBuilder>, "state" | "dispatch">;
};

type BuilderHostProps = Pick<FilterPopoverProps, "builder" | "onDraftChange">;

/** The builder with its step machine; inside the popover's content, so closing resets it. */
function BuilderHost({ builder, onDraftChange }: BuilderHostProps) {
  const latest = useRef(initialBuilderState);
  const [state, setState] = useState(initialBuilderState);
  const dispatch = (action: BuilderAction) => {
    const next = builderReducer(latest.current, action);
    latest.current = next;
    setState(next);
    onDraftChange(draftChipParts(next, builder.fields, builder.texts));
  };
  return <FilterBuilder {...builder} state={state} dispatch={dispatch} />;
}

/** The filter button's popover with the builder (Radix Popover), loaded on first use by FilterBar. */
export default function FilterPopover({
  open,
  onOpenChange,
  triggerRef,
  autoFocus,
  onDraftChange,
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
        <BuilderHost builder={builder} onDraftChange={onDraftChange} />
      </PopoverContent>
    </Popover>
  );
}
