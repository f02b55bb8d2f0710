import type { ComponentProps } from "react";
import { cx } from "./cx";

export const inputClassName =
  "block h-11 w-full min-w-0 rounded-lg border border-input bg-background px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary aria-invalid:border-danger aria-invalid:focus-visible:outline-danger read-only:border-border read-only:bg-muted read-only:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm";

/** A text input; pair it with FieldLabel/FieldError (or Field) for its label and error. */
export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cx(inputClassName, className)} {...props} />;
}
