import { useLocale, useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import { formatDate } from "@/lib/format/dates";
import type { Subscription } from "@/lib/schemas/subscriptions";

/**
 * A subscription's status as a chip: green when active, amber while paused ("Paused until …"),
 * grey otherwise; a pause set but not begun is a second chip beside "Active".
 */
export function StatusBadge({
  subscription,
}: {
  subscription: Pick<Subscription, "status" | "pause">;
}) {
  const t = useTranslations("subscriptions.status");
  const locale = useLocale();
  const { status, pause } = subscription;
  const chip =
    "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap";
  return (
    <>
      <span
        className={cn(
          chip,
          status === "active"
            ? "border-success-border bg-success-soft text-success"
            : status === "paused"
              ? "border-warning-border bg-warning-soft text-warning"
              : "border-border bg-muted text-foreground",
        )}
      >
        {status === "paused" && pause
          ? t("pausedUntil", { date: formatDate(pause.resumeDate, locale) })
          : t(status)}
      </span>
      {status === "active" && pause ? (
        <span className={cn(chip, "border-warning-border bg-warning-soft text-warning")}>
          {t("pauseSet", {
            start: formatDate(pause.start, locale),
            end: formatDate(pause.resumeDate, locale),
          })}
        </span>
      ) : null}
    </>
  );
}
