"use client";

import { useSyncExternalStore } from "react";

// hCaptcha's normal widget is 303 px wide and does not shrink; on a phone the sign-in card's
// content is narrower (293 px at 375 px), so there the compact widget (164 px) is used.
const NARROW = "(max-width: 400px)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** "compact" on a narrow screen, else "normal" (the server renders "normal"). */
export function useCaptchaSize(): "normal" | "compact" {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(NARROW).matches ? "compact" : "normal"),
    () => "normal",
  );
}
