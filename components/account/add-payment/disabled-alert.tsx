"use client";

import { useState } from "react";
import { ExclamationTriangleIcon } from "@/components/ui/icons/exclamation-triangle";
import { XIcon } from "@/components/ui/icons/x";

/**
 * The warning when the company takes neither cards nor bank accounts (paymentMethod.disabled). It
 * can be dismissed, and comes back when its text changes (a new message).
 */
export function DisabledAlert({ text, dismissLabel }: { text: string; dismissLabel: string }) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (dismissed === text) return null;
  return (
    <div
      role="alert"
      className="border-border bg-muted text-foreground flex items-start gap-3 rounded-xl border px-4 py-3 text-sm leading-6"
    >
      <ExclamationTriangleIcon className="text-foreground mt-0.5" />
      <p className="min-w-0 flex-1">{text}</p>
      <button
        type="button"
        onClick={() => setDismissed(text)}
        aria-label={dismissLabel}
        className="text-muted-foreground hover:text-foreground -m-1 rounded p-1"
      >
        <XIcon className="size-4" />
      </button>
    </div>
  );
}
