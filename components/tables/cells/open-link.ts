"use client";

import { useCallback, useRef, useState } from "react";
import { toastError } from "@/components/feedback/toaster";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
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

/** The BFF had no link to hand out (or one the browser must not open). */
class NoLinkError extends Error {}

/** The tab a signed link will load in, opened empty and cut off from this page. */
export type PendingTab = {
  /** Loads the URL in the tab (or, when the browser refused the tab, opens a new one). */
  go: (url: string) => void;
  /** Closes the empty tab: nothing will load in it. */
  cancel: () => void;
};

/**
 * Opens an empty tab now, while the click's user activation lasts: a tab opened after an awaited
 * fetch is no longer a user gesture, and popup blockers stop it. The tab gets no opener (it may
 * not reach back into the portal); the URL is loaded into it once it is known, replacing the
 * blank entry so Back does not land on it.
 */
export function openPendingTab(): PendingTab {
  // No "noopener" here: with it window.open returns null and the tab could not be navigated later.
  const tab = window.open("", "_blank");
  if (tab) tab.opener = null;
  return {
    go: (url) => {
      if (tab && !tab.closed) tab.location.replace(url);
      else window.open(url, "_blank", "noopener,noreferrer");
    },
    cancel: () => tab?.close(),
  };
}

/**
 * Asks the BFF for a signed link and opens it in a new tab without an opener. The tab opens
 * within the click, before the link is fetched (openPendingTab); when no usable link comes, it
 * closes again and an error toast says so. While it runs, `pending` is true and further calls do
 * nothing; afterwards the control is usable again. `open()` resolves to whether the link opened.
 */
export function useOpenSignedLink(fetchLink: () => Promise<SignedUrl>) {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const translate = useKeyTranslator();
  const open = useCallback(async (): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    // Before the first await: only there does the click's user activation still count.
    const tab = openPendingTab();
    setPending(true);
    try {
      const url = openableUrl((await fetchLink()).url);
      if (!url) throw new NoLinkError();
      tab.go(url);
      return true;
    } catch (error) {
      tab.cancel();
      toastError(translate.error(error));
      return false;
    } finally {
      running.current = false;
      setPending(false);
    }
  }, [fetchLink, translate]);
  return { open, pending };
}
