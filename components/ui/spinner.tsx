import type { ComponentProps } from "react";
import { cx } from "./cx";
import { hasSize } from "./icons/svg";

/** A decorative spinning ring; announce progress elsewhere (e.g. aria-busy or a status region). */
export function Spinner({ className, ...props }: ComponentProps<"svg">) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
      // Without tailwind-merge: the default size only when the caller names none.
      className={cx("animate-spin", hasSize(className) ? null : "size-5", className)}
      {...props}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
