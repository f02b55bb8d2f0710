"use client";

import { QueryClientProvider, useIsMutating } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";
import { DialogHost } from "@/components/dialogs/dialog-host";
import { FormattedTextsProvider } from "@/components/format/formatted-texts";
import { LoadingOverlay } from "@/components/shell/global-loading";
import { DialogProvider } from "@/lib/dialogs";
import { coversPage, getQueryClient } from "@/lib/query-client";

function MutationOverlay() {
  return <LoadingOverlay busy={useIsMutating({ predicate: coversPage }) > 0} />;
}

/**
 * Client-side providers of the signed-in frame: URL state, data, the server's formatted texts,
 * dialogs, and the overlay over running mutations. The sign-in pages need none of them (their forms call the BFF directly),
 * so they live here and not in the root layout.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  return (
    <NuqsAdapter>
      <QueryClientProvider client={queryClient}>
        <FormattedTextsProvider>
          <DialogProvider>
            {children}
            <DialogHost />
            <MutationOverlay />
          </DialogProvider>
        </FormattedTextsProvider>
      </QueryClientProvider>
    </NuqsAdapter>
  );
}
