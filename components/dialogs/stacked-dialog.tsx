"use client";

import { useTranslations } from "next-intl";
import { Suspense } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { DialogAction, DialogEntry } from "@/lib/dialogs";
import { DialogFrame } from "./dialog-frame";

/** One dialog of the stack in its frame, its body loaded on first use. */
export default function StackedDialog({
  entry,
  onAction,
  onRetitle,
}: {
  entry: DialogEntry;
  onAction: (action: DialogAction, result?: unknown) => void;
  onRetitle: (title: string) => void;
}) {
  const t = useTranslations("common");
  const Body = entry.kind.Body;
  // A kind names its default title by a key of `common` that next-intl cannot type statically.
  const loose = t as unknown as (key: string) => string;
  const title = entry.title ?? loose(entry.kind.defaultTitleKey ?? "dialogs.confirm");
  const cancel = () => onAction("cancel");
  return (
    <DialogFrame
      title={title}
      description={entry.message}
      pending={entry.pending}
      width={entry.kind.width}
      onCancel={cancel}
    >
      <Suspense fallback={<BodyLoading label={t("shell.loading")} />}>
        <Body
          entry={entry}
          onOkay={(result) => onAction("okay", result)}
          onCancel={cancel}
          setTitle={onRetitle}
        />
      </Suspense>
    </DialogFrame>
  );
}

function BodyLoading({ label }: { label: string }) {
  return (
    <div role="status" className="text-muted-foreground flex justify-center px-6 py-8">
      <Spinner />
      <span className="sr-only">{label}</span>
    </div>
  );
}
