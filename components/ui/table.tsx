import type { ComponentProps } from "react";
import { cx, unless } from "./cx";

/** A data table inside a horizontally scrolling frame; give it a caption or an aria-label. */
export function Table({ className, ...props }: ComponentProps<"table">) {
  return <table className={cx("w-full border-collapse text-sm", className)} {...props} />;
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cx("bg-muted/60", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cx("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr
      className={cx("border-border hover:bg-muted/40 border-b transition-colors", className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      className={cx(
        "text-muted-foreground h-11 px-3 text-start align-middle text-xs font-semibold tracking-wide uppercase",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return (
    <td
      className={cx(
        unless(className, /text-muted-foreground/, "text-foreground"),
        unless(className, /py-/, "py-3"),
        "px-3 align-top break-words",
        className,
      )}
      {...props}
    />
  );
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cx("text-muted-foreground text-sm", className)} {...props} />;
}
