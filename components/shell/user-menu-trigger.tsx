import { ChevronDownIcon } from "@/components/ui/icons/chevron-down";
import { UserCircleIcon } from "@/components/ui/icons/user-circle";

/** The user menu's button, shared by its placeholder and the loaded menu so both look the same. */
export const userMenuTriggerClass =
  "border-border bg-background text-foreground hover:bg-muted inline-flex h-10 max-w-full min-w-10 items-center justify-center gap-2 rounded-lg border px-2.5 text-sm font-medium shadow-xs sm:max-w-72 sm:px-3";

/** The button's content: it is named by the user's e-mail (shown from the sm breakpoint). */
export function UserMenuTriggerContent({ email }: { email: string }) {
  return (
    <>
      <UserCircleIcon className="text-muted-foreground" />
      {/* not-sr-only brings back white-space: normal, so the cut is the inner element's. */}
      <span className="sr-only min-w-0 sm:not-sr-only">
        <bdi className="block truncate">{email}</bdi>
      </span>
      <ChevronDownIcon className="text-muted-foreground hidden size-4 sm:block" />
    </>
  );
}
