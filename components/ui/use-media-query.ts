"use client";

import { useSyncExternalStore } from "react";

// One subscribe function per query, so useSyncExternalStore keeps the same one across renders.
const subscribers = new Map<string, (onChange: () => void) => () => void>();

function subscriberOf(query: string): (onChange: () => void) => () => void {
  let subscribe = subscribers.get(query);
  if (!subscribe) {
    subscribe = (onChange) => {
      const media = window.matchMedia(query);
      media.addEventListener("change", onChange);
      return () => media.removeEventListener("change", onChange);
    };
    subscribers.set(query, subscribe);
  }
  return subscribe;
}

/** Whether a CSS media query matches, following its changes; false on the server. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscriberOf(query),
    () => window.matchMedia(query).matches,
    () => false,
  );
}
