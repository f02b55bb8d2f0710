import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import type { SubscriptionStatus } from "@/lib/schemas/subscriptions";

/** A subscription's status as a chip: green when active, grey otherwise. */
export function StatusBadge({ status }: { status: SubscriptionStatus }) {
  const t = useTranslations("subscriptions.status");
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
        status === "active"
          ? "border-success-border bg-success-soft text-success"
          : "border-border bg-muted text-foreground",
      )}
    >
      {t(status)}
    </span>
  );
}
