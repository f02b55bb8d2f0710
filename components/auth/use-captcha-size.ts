"use client";

import { useMediaQuery } from "@/components/ui/use-media-query";

// hCaptcha's normal widget is 303 px wide and does not shrink; on a phone the sign-in card's
// content is narrower (293 px at 375 px), so there the compact widget (164 px) is used.
const NARROW = "(max-width: 400px)";

/** "compact" on a narrow screen, else "normal" (the server renders "normal"). */
export function useCaptchaSize(): "normal" | "compact" {
  return useMediaQuery(NARROW) ? "compact" : "normal";
}
