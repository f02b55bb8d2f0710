import type { ComponentProps, ReactNode } from "react";
import { cx } from "./cx";
import { ExclamationCircleIcon } from "./icons/exclamation-circle";

/** Groups a label, a control, a hint and an error. */
export function Field({ className, ...props }: ComponentProps<"div">) {
  return <div className={cx("flex flex-col gap-1.5", className)} {...props} />;
}

export function FieldLabel({ className, ...props }: ComponentProps<"label">) {
  return <label className={cx("text-foreground text-sm font-medium", className)} {...props} />;
}

export function FieldDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cx("text-muted-foreground text-sm", className)} {...props} />;
}

/** The error under a control; give the control aria-invalid and aria-describedby={id}. Renders nothing without a message. */
export function FieldError({
  className,
  children,
  ...props
}: ComponentProps<"p"> & { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p
      className={cx("text-danger flex items-start gap-1.5 text-sm font-medium", className)}
      {...props}
    >
      <ExclamationCircleIcon className="mt-0.5 size-4" />
      <span>{children}</span>
    </p>
  );
}

/** Ids and ARIA wiring for a control with an optional hint and error. */
export function fieldAria(
  id: string,
  { error, description }: { error?: unknown; description?: boolean } = {},
) {
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return {
    id,
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": describedBy || undefined,
  };
}
