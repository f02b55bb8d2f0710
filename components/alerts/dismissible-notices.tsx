"use client";

import { useState } from "react";
import { usePress } from "@/components/forms/use-press";
import { Button } from "@/components/ui/button";
import { useDismissAlertMutation } from "@/lib/alerts/mutations";
import type { AlertNotices } from "@/lib/schemas/alerts";

/**
 * Banners of fired alerts on the dashboard (issue 31 §3), their texts written on the server (the
 * same threshold and value as the e-mail). Loaded only on a dashboard that shows one: the
 * dashboard's first load carries none of this. Dismissed, a banner goes at once; the billing API
 * keeps the dismissal for this user.
 */
export default function DismissibleNotices({ dismiss, items }: AlertNotices) {
  const [gone, setGone] = useState<string[]>([]);
  const press = usePress(useDismissAlertMutation(), {
    onSuccess: (_ok, id) => setGone((ids) => [...ids, id]),
  });
  const shown = items.filter((n) => !gone.includes(n.id));
  if (shown.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {shown.map((n) => (
        <div
          key={n.id}
          role="status"
          className="border-primary/40 bg-primary-soft text-foreground flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3 text-sm"
        >
          <p className="min-w-0 flex-1">{n.text}</p>
          <Button
            variant="secondary"
            size="sm"
            loading={press.pending && press.variables === n.id}
            onClick={() => void press.run(n.id)}
          >
            {dismiss}
          </Button>
        </div>
      ))}
    </div>
  );
}
