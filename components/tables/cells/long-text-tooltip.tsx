"use client";

import type { Opening } from "@/components/ui/load-on-use";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { LongTextButton } from "./long-text-button";

/** The Radix tooltip behind LongText (long-text.tsx), loaded when a pointer or focus first reaches one. */
export default function LongTextTooltip({
  text,
  short,
  defaultOpen,
  autoFocus,
}: { text: string; short: string } & Opening) {
  return (
    <Tooltip defaultOpen={defaultOpen}>
      <TooltipTrigger asChild>
        <LongTextButton text={text} short={short} autoFocus={autoFocus} />
      </TooltipTrigger>
      <TooltipContent>{text}</TooltipContent>
    </Tooltip>
  );
}
