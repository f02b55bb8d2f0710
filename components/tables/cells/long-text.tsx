"use client";

import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { TOOLTIP_THRESHOLD, needsTooltip } from "@/lib/format/values";

/**
 * A text cut at 40 characters with the full text in a tooltip (spec 001 §2). The trigger is a
 * button so keyboard users can focus it and see the tooltip; screen readers read the full text.
 */
export function LongText({ text }: { text: string }) {
  if (!needsTooltip(text)) return <>{text}</>;
  const short = `${text.slice(0, TOOLTIP_THRESHOLD).trimEnd()}…`;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          className="decoration-muted-foreground cursor-help rounded text-left underline decoration-dotted underline-offset-4"
        >
          <span aria-hidden="true">{short}</span>
          <span className="sr-only">{text}</span>
        </button>
      </TooltipTrigger>
      <TooltipContent>{text}</TooltipContent>
    </Tooltip>
  );
}
