"use client";

import { useTranslations } from "next-intl";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";

type GlobalLoading = { loading: boolean; setLoading: (loading: boolean) => void };

const GlobalLoadingContext = createContext<GlobalLoading | null>(null);

/** Holds the global loading flag (set around full navigations such as a successful sign-in). */
export function GlobalLoadingProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    // Coming back through the back/forward cache must not leave the overlay up.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLoading(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);
  const value = useMemo(() => ({ loading, setLoading }), [loading]);
  return <GlobalLoadingContext.Provider value={value}>{children}</GlobalLoadingContext.Provider>;
}

const NO_OVERLAY: GlobalLoading = { loading: false, setLoading: () => {} };

/** The global loading flag and its setter (a no-op outside the provider, e.g. a lone component). */
export function useGlobalLoading(): GlobalLoading {
  return useContext(GlobalLoadingContext) ?? NO_OVERLAY;
}

/**
 * Covers the page while the flag is set or `busy` (the signed-in frame passes "a mutation runs");
 * it appears after a short delay so quick calls do not flash.
 */
export function LoadingOverlay({ busy = false }: { busy?: boolean }) {
  const t = useTranslations("common");
  const { loading } = useGlobalLoading();
  if (!loading && !busy) return null;
  return (
    <div
      role="status"
      aria-label={t("shell.loading")}
      className="z-overlay animate-overlay-in bg-background/60 fixed inset-0 grid cursor-progress place-items-center backdrop-blur-[1px]"
    >
      <div className="border-border bg-background flex items-center gap-3 rounded-full border px-5 py-3 shadow-lg">
        <Spinner className="text-primary" />
        <span className="text-foreground text-sm font-medium">{t("shell.loading")}</span>
      </div>
    </div>
  );
}
