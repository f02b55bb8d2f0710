"use client";

import type { UseMutationResult } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";

type PressHandlers<R, V> = {
  /** After the mutation's own cache update (lib/<feature>/mutations.ts): the UI's part, a toast. */
  onSuccess?: (result: R, variables: V) => void;
  onError?: (error: unknown, variables: V) => void;
};

/** A mutation run by a press, as usePress hands it back. */
export type Press<V> = {
  /** Runs the mutation; resolves whether it succeeded (false too when one was already out). */
  run: (variables: V) => Promise<boolean>;
  pending: boolean;
  variables: V | undefined;
};

/**
 * A mutation outside a form (docs/CONVENTIONS.md 30): a button, a switch or a dialog's OK runs a
 * feature's `useXMutation()` through this. While it runs, further presses send nothing (a second
 * click is ignored even before the control re-renders as disabled); `run` never throws, so a
 * dialog's OK can hand its promise to the stack as is.
 */
export function usePress<R, E, V>(
  mutation: UseMutationResult<R, E, V>,
  { onSuccess, onError }: PressHandlers<R, V> = {},
): Press<V> {
  const running = useRef(false);
  const { mutateAsync } = mutation;
  // Kept out of run's dependencies so that run stays the same function across renders (an
  // effect may depend on it); a press takes the handlers of the render it happened in.
  const handlers = useRef({ onSuccess, onError });
  useEffect(() => {
    handlers.current = { onSuccess, onError };
  });
  const run = useCallback(
    async (variables: V): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      const pressed = handlers.current;
      let result: R;
      try {
        result = await mutateAsync(variables);
      } catch (error) {
        running.current = false;
        pressed.onError?.(error, variables);
        return false;
      }
      running.current = false;
      pressed.onSuccess?.(result, variables);
      return true;
    },
    [mutateAsync],
  );
  return { run, pending: mutation.isPending, variables: mutation.variables };
}
