import type { ComponentProps } from "react";

/** The cut text as a button, so keyboard users can focus it; screen readers read the full text. */
export function LongTextButton({
  text,
  short,
  ...props
}: { text: string; short: string } & ComponentProps<"button">) {
  return (
    <button
      type="button"
      className="decoration-muted-foreground cursor-help rounded text-start underline decoration-dotted underline-offset-4"
      {...props}
    >
      <bdi aria-hidden="true">{short}</bdi>
      <span className="sr-only">{text}</span>
    </button>
  );
}
