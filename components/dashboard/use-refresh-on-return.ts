"use client";

import { useEffect } from "react";

/**
 * While `waiting`, calls `onReturn` once when the customer comes back to this tab (window focus or
 * the page becoming visible), e.g. from the pay-now page opened in another tab.
 */
export function useRefreshOnReturn(waiting: boolean, onReturn: () => void): void {
  useEffect(() => {
    if (!waiting) return;
    const back = () => {
      if (document.visibilityState === "visible") onReturn();
    };
    window.addEventListener("focus", back);
    document.addEventListener("visibilitychange", back);
    return () => {
      window.removeEventListener("focus", back);
      document.removeEventListener("visibilitychange", back);
    };
  }, [waiting, onReturn]);
}
