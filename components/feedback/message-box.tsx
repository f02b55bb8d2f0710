import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import { CheckCircleIcon } from "@/components/ui/icons/check-circle";
import { XCircleIcon } from "@/components/ui/icons/x-circle";
import { cx } from "@/components/ui/cx";

type MessageBoxProps = {
  variant: "error" | "success";
  /** Defaults to 'Error' or 'Success'. */
  title?: string;
  children: ReactNode;
  className?: string;
};

/** A titled result box: an error is an alert, a success a polite status; both are named by their title. */
export function MessageBox({ variant, title, children, className }: MessageBoxProps) {
  const t = useTranslations("common");
  const titleId = useId();
  const isError = variant === "error";
  return (
    <div
      role={isError ? "alert" : "status"}
      aria-labelledby={titleId}
      className={cx(
        "flex gap-3 rounded-xl border px-4 py-3 text-sm leading-6",
        isError ? "border-danger-border bg-danger-soft" : "border-success-border bg-success-soft",
        className,
      )}
    >
      {isError ? (
        <XCircleIcon className="text-danger mt-0.5" />
      ) : (
        <CheckCircleIcon className="text-success mt-0.5" />
      )}
      <div className="min-w-0">
        <p id={titleId} className={cx("font-semibold", isError ? "text-danger" : "text-success")}>
          {title ?? t(isError ? "messageBox.error" : "messageBox.success")}
        </p>
        <div className="text-foreground">{children}</div>
      </div>
    </div>
  );
}
