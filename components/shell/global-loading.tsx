"use client";

import { useIsMutating } from "@tanstack/react-query";
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

/** The global loading flag and its setter. */
export function useGlobalLoading(): GlobalLoading {
  const value = useContext(GlobalLoadingContext);
  if (!value) throw new Error("useGlobalLoading must be used inside <GlobalLoadingProvider>");
  return value;
}

/** Covers the page while the flag is set or any mutation runs; it appears after a short delay so quick calls do not flash. */
export function LoadingOverlay() {
  const t = useTranslations("common");
  const { loading } = useGlobalLoading();
  const mutating = useIsMutating();
  if (!loading && mutating === 0) return null;
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
