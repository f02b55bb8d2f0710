"use client";

import { useRef, useState } from "react";
import { useGlobalLoading } from "@/components/shell/global-loading";
import { ApiError } from "@/lib/api-client";

/** Where a form's submit stands. */
export type SubmitState = { isPending: boolean; isSuccess: boolean; error: unknown };
const IDLE: SubmitState = { isPending: false, isSuccess: false, error: null };

/**
 * The one submit of every BFF form (docs/CONVENTIONS.md 25): one call at a time (a second submit while one
 * is out sends nothing), the loading overlay over the page while it runs (spec 000 §9), and the
 * server's 422 field errors (message keys) handed back in the form's field order. The two form
 * hooks put it behind their own way of reading values: react-hook-form with a zod/mini schema
 * (useBffForm), or the form's own inputs where a first paint must stay light (useBffSubmit).
 */
export function useBffCall<V, R>({
  submit,
  onSuccess,
}: {
  submit: (values: V) => Promise<R>;
  onSuccess?: (result: R, values: V) => void;
}) {
  const { setLoading } = useGlobalLoading();
  const inFlight = useRef(false);
  const [state, setState] = useState<SubmitState>(IDLE);

  /** Sends `values`; resolves to the error of a failure (null on success, or when one was already out). */
  const send = async (values: V): Promise<{ error: unknown } | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setState({ isPending: true, isSuccess: false, error: null });
    setLoading(true);
    try {
      const result = await submit(values);
      setLoading(false);
      setState({ isPending: false, isSuccess: true, error: null });
      onSuccess?.(result, values);
      return null;
    } catch (error) {
      setLoading(false);
      setState({ isPending: false, isSuccess: false, error });
      return { error };
    } finally {
      inFlight.current = false;
    }
  };

  return { send, state };
}

/** A failure's field errors (message keys) for the given fields, in their order. */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): [F, string][] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  const onFields = error.fields;
  return fields.flatMap((name) => (onFields[name] ? [[name, onFields[name]] as [F, string]] : []));
}
