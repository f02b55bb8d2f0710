"use client";

import { HydrationBoundary, type DehydratedState } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { restoreStreamedState } from "@/lib/query/streamed-state";

/** HydrationBoundary for a state from dehydrateForStream: streamed parts settle as they did. */
export function StreamedHydration({
  state,
  children,
}: {
  state: DehydratedState;
  children: ReactNode;
}) {
  const restored = useMemo(() => restoreStreamedState(state), [state]);
  return <HydrationBoundary state={restored}>{children}</HydrationBoundary>;
}
