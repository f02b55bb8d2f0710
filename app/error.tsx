"use client";

import { lazy, Suspense } from "react";

// Unexpected errors below the root layout: a calm message and a retry (details stay in the server
// log). The boundary is on every page; what it shows loads only when an error happens.
const ErrorBody = lazy(() => import("@/components/errors/error-body"));

export default function ErrorPage(props: { error: unknown; retry: () => void }) {
  return (
    <Suspense fallback={null}>
      <ErrorBody {...props} />
    </Suspense>
  );
}
