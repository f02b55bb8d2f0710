"use client";

import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { useCallback, useRef } from "react";

/**
 * A mutation that one control starts: while it runs, further calls send nothing (a second click
 * on a switch or button is ignored even before the control re-renders as disabled).
 */
export function useSingleFlight<R, V>(options: UseMutationOptions<R, unknown, V>) {
  const running = useRef(false);
  const mutation = useMutation<R, unknown, V>({
    ...options,
    onSettled: (...args) => {
      running.current = false;
      return options.onSettled?.(...args);
    },
  });
  const { mutateAsync } = mutation;
  const run = useCallback(
    async (variables: V): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      try {
        await mutateAsync(variables);
        return true;
      } catch {
        return false;
      }
    },
    [mutateAsync],
  );
  return { run, pending: mutation.isPending, variables: mutation.variables };
}
