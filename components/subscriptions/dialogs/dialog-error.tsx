import { ExclamationCircleIcon } from "@/components/ui/icons/exclamation-circle";

/** An error shown inside a dialog (spec 001 §8), announced as it appears. */
export function DialogError({ message }: { message: string | null }) {
  // The alert region stays mounted so that a message arriving later is announced.
  return (
    <div role="alert" className={message ? undefined : "sr-only"}>
      {message ? (
        <p className="border-danger-border bg-danger-soft text-danger flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium">
          <ExclamationCircleIcon className="mt-0.5 size-4 shrink-0" />
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
}
