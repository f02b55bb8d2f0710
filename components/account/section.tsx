import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";

/** One part of the manage-account view: a card headed by its title, with an optional action. */
export function AccountSection({
  id,
  title,
  description,
  action,
  className,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cx("flex flex-col", className)}>
      <section aria-labelledby={`${id}-title`} className="flex flex-1 flex-col">
        <div className="flex flex-wrap items-start justify-between gap-3 px-5 pt-5 sm:px-6">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={`${id}-title`} className="text-foreground text-lg font-semibold tracking-tight">
              {title}
            </h2>
            {description ? (
              <p className="text-muted-foreground text-sm leading-6">{description}</p>
            ) : null}
          </div>
          {action}
        </div>
        <div className="flex flex-1 flex-col px-5 pt-4 pb-5 sm:px-6">{children}</div>
      </section>
    </Card>
  );
}

/**
 * A label and its value in a definition list. The value is isolated (bdi), so an address or a
 * name in a script other than the page's keeps its own order in a right-to-left page; `ltr` for
 * values with no letters to go by (phone numbers, account numbers).
 */
export function Detail({
  label,
  children,
  ltr = false,
}: {
  label: string;
  children: ReactNode;
  ltr?: boolean;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{label}</dt>
      <dd className="text-foreground text-sm break-words">
        <bdi dir={ltr ? "ltr" : undefined}>{children}</bdi>
      </dd>
    </div>
  );
}

/** The error of a part whose data could not be loaded, with a way to try again. */
export function LoadFailed({
  text,
  retry,
  retryLabel,
}: {
  text: string;
  retry: () => void;
  retryLabel: string;
}) {
  return (
    <div role="alert" className="text-muted-foreground flex flex-wrap items-center gap-3 text-sm">
      <span>{text}</span>
      <button
        type="button"
        onClick={retry}
        className="text-primary hover:text-primary-hover font-medium underline"
      >
        {retryLabel}
      </button>
    </div>
  );
}
