import type { ComponentProps } from "react";
import { cx } from "./cx";

/** A white surface with a hairline border and a soft shadow. */
export function Card({
  className,
  raised = false,
  ...props
}: ComponentProps<"div"> & { raised?: boolean }) {
  return (
    <div
      className={cx(
        "border-border bg-background rounded-2xl border",
        raised ? "shadow-md shadow-slate-900/5" : "shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cx("flex flex-col gap-1.5 px-6 pt-6 sm:px-8 sm:pt-8", className)} {...props} />
  );
}

export function CardTitle({ className, ...props }: ComponentProps<"h1">) {
  return (
    <h1
      className={cx("text-foreground text-2xl font-semibold tracking-tight", className)}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cx("text-muted-foreground text-sm leading-6", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cx("px-6 py-6 sm:px-8", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cx(
        "border-border flex flex-wrap items-center gap-3 border-t px-6 py-4 text-sm sm:px-8",
        className,
      )}
      {...props}
    />
  );
}
