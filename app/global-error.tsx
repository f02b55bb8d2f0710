"use client";

import { lazy, Suspense, useEffect } from "react";
import "./globals.css";

// Errors in the root layout itself: no providers are available here. The page and its texts
// (its locale's common messages) load only when this happens, not with every page.
const GlobalErrorBody = lazy(() => import("@/components/errors/global-error-body"));

export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Suspense
      fallback={
        <html lang="en">
          <body />
        </html>
      }
    >
      <GlobalErrorBody retry={retry} />
    </Suspense>
  );
}
