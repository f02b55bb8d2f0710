"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";
import { DialogHost } from "@/components/dialogs/dialog-host";
import { Toaster } from "@/components/feedback/toaster";
import { GlobalLoadingProvider, LoadingOverlay } from "@/components/shell/global-loading";
import { DialogProvider } from "@/lib/dialogs";
import { getQueryClient } from "@/lib/query-client";

/** Client-side providers of the app shell: URL state, data, global loading, dialogs and toasts. */
export function Providers({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  return (
    <NuqsAdapter>
      <QueryClientProvider client={queryClient}>
        <GlobalLoadingProvider>
          <DialogProvider>
            {children}
            <DialogHost />
            <Toaster />
            <LoadingOverlay />
          </DialogProvider>
        </GlobalLoadingProvider>
      </QueryClientProvider>
    </NuqsAdapter>
  );
}
