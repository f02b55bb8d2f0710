"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ExclamationTriangleIcon } from "@/components/ui/icons/exclamation-triangle";
import { Spinner } from "@/components/ui/spinner";

/** A list's first load (no earlier page to keep showing). */
export function TableLoading({ name }: { name: string }) {
  const t = useTranslations("lists.table");
  return (
    <div
      role="status"
      className="border-border text-muted-foreground flex min-h-48 items-center justify-center gap-3 rounded-xl border border-dashed text-sm"
    >
      <Spinner className="size-5" />
      {t("loading", { list: name })}
    </div>
  );
}

/** A list that has no rows for its view. */
export function TableEmpty({ name }: { name: string }) {
  const t = useTranslations("lists.table");
  return (
    <div className="border-border text-muted-foreground flex min-h-40 items-center justify-center rounded-xl border border-dashed px-6 text-center text-sm">
      {t("empty", { list: name })}
    </div>
  );
}

/** An upstream failure of this list only, with Retry; the rest of the page keeps working. */
export function TableError({
  name,
  retrying,
  onRetry,
}: {
  name: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const t = useTranslations("lists.table");
  return (
    <div
      role="alert"
      className="border-danger-border bg-danger-soft flex min-h-40 flex-col items-center justify-center gap-3 rounded-xl border px-6 py-8 text-center"
    >
      <p className="text-danger flex items-center gap-2 text-sm font-medium">
        <ExclamationTriangleIcon className="size-5" />
        {t("error", { list: name })}
      </p>
      <Button variant="secondary" size="sm" loading={retrying} onClick={onRetry}>
        {t("retry")}
      </Button>
    </div>
  );
}
