"use client";

import { useCallback, useRef, useState } from "react";
import type { SignedUrl } from "@/lib/schemas/lists";

/** A URL the browser may open: http(s) only; the BFF has already kept only https or the billing API's own origin. */
export function openableUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Asks the BFF for a signed link and opens it in a new tab (no opener, no referrer). While it runs,
 * `pending` is true and further calls do nothing; a failure is silent (spec 000 §8) and the control
 * is usable again. `open()` resolves to whether a tab was opened.
 */
export function useOpenSignedLink(fetchLink: () => Promise<SignedUrl>) {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const open = useCallback(async (): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    setPending(true);
    try {
      const url = openableUrl((await fetchLink()).url);
      if (!url) return false;
      window.open(url, "_blank", "noopener,noreferrer");
      return true;
    } catch {
      return false;
    } finally {
      running.current = false;
      setPending(false);
    }
  }, [fetchLink]);
  return { open, pending };
}
