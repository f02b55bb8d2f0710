import type { ComponentProps } from "react";
import { cx, unless } from "./cx";

const inputBase =
  "block min-w-0 rounded-lg border border-input bg-background px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary aria-invalid:border-danger aria-invalid:focus-visible:outline-danger read-only:border-border read-only:bg-muted read-only:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm";

/** The input's classes, for controls that merge their own with `cn`. */
export const inputClassName = `${inputBase} h-11 w-full`;

/** A text input; pair it with FieldLabel/FieldError (or Field) for its label and error. */
export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  // A caller's height or width replaces the base one (cx resolves no conflicts; the stylesheet's
  // order would let w-full win over a caller's w-16).
  const size = [unless(className, /h-/, "h-11"), unless(className, /w-/, "w-full")];
  // An e-mail address, a phone number or a URL is written left to right in every language: read
  // right to left, a long address would show its end and hide its start. On a right-to-left page
  // it still sits on the right, beside its label.
  const latin = LATIN_TYPES.has(type);
  return (
    <input
      type={type}
      dir={latin ? "ltr" : undefined}
      className={cx(inputBase, size, latin && "rtl:text-right", className)}
      {...props}
    />
  );
}

const LATIN_TYPES = new Set(["email", "tel", "url"]);

/** A text area of the inputs' look; pair it as Input. */
export function Textarea({ className, rows = 3, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      rows={rows}
      className={cx(inputBase, "w-full py-2 leading-6", className)}
      {...props}
    />
  );
}
