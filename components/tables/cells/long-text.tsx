"use client";

import { LoadOnUse, loadable } from "@/components/ui/load-on-use";
import { TOOLTIP_THRESHOLD, needsTooltip } from "@/lib/format/values";
import { LongTextButton } from "./long-text-button";

const control = loadable(() => import("./long-text-tooltip").then((m) => m.default));

/**
 * A text cut at 40 characters with the full text in a tooltip (spec 001 §2). The trigger is a
 * button so keyboard users can focus it and see the tooltip; screen readers read the full text.
 * Isolated (bdi), so an id or an e-mail address keeps its order on a right-to-left page.
 */
export function LongText({ text }: { text: string }) {
  if (!needsTooltip(text)) return <bdi>{text}</bdi>;
  const short = `${text.slice(0, TOOLTIP_THRESHOLD).trimEnd()}…`;
  return (
    <LoadOnUse
      control={control}
      props={{ text, short }}
      opensOn="hover"
      placeholder={(handlers) => <LongTextButton text={text} short={short} {...handlers} />}
    />
  );
}
