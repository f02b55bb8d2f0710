"use client";

import { useTranslations } from "next-intl";
import { Suspense, type ComponentType } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { DialogAction, DialogEntry } from "@/lib/dialogs";
import { dialogBodies } from "./dialog-bodies";
import { DialogFrame } from "./dialog-frame";

type AnyBody = ComponentType<{
  entry: DialogEntry;
  onOkay: (result: unknown) => void;
  onCancel: () => void;
}>;

/** One dialog of the stack in its frame, its body loaded on first use. */
export default function StackedDialog({
  entry,
  onAction,
}: {
  entry: DialogEntry;
  onAction: (action: DialogAction, result?: unknown) => void;
}) {
  const t = useTranslations("common");
  const registration = dialogBodies[entry.type];
  // The registry pairs each type with its own body, so this entry fits the body it selects.
  const Body = registration.Body as AnyBody;
  const title = entry.title ?? (entry.type === "alert" ? t("dialogs.error") : t("dialogs.confirm"));
  const cancel = () => onAction("cancel");
  return (
    <DialogFrame
      title={title}
      description={entry.message}
      pending={entry.pending}
      width={registration.width}
      onCancel={cancel}
    >
      <Suspense fallback={<BodyLoading label={t("shell.loading")} />}>
        <Body entry={entry} onOkay={(result) => onAction("okay", result)} onCancel={cancel} />
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
