import type { ComponentProps } from "react";
import { cx } from "./cx";
import { ChevronDownIcon } from "./icons/chevron-down";

/** A native select (accessible and mobile-friendly) styled like the inputs, with a chevron. */
export function Select({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className={cx("relative min-w-0", className)}>
      <select
        className="border-input bg-background text-foreground focus-visible:border-primary focus-visible:outline-primary block h-10 w-full min-w-0 appearance-none truncate rounded-lg border py-0 ps-3 pe-9 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-0 disabled:opacity-60"
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon className="text-muted-foreground pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2" />
    </div>
  );
}
