"use client";

import { useMediaQuery } from "@/components/ui/use-media-query";

// Restricted mode (spec 000 §2): on a small screen a full view beats a dialog, so change password,
// add payment method and delete switch the page's view instead of opening a dialog.
const QUERY = "(max-width: 639px)";

/** Whether the account page is in restricted mode (narrower than Tailwind's `sm`); false on the server. */
export function useRestrictedMode(): boolean {
  return useMediaQuery(QUERY);
}
