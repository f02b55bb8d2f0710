"use client";

import { useRef, useState, type FormEvent } from "react";
import { useGlobalLoading } from "@/components/shell/global-loading";
import { ApiError } from "@/lib/api-client";

type BffSubmitOptions<F extends string, R> = {
  /** The form's fields in focus order. */
  fields: readonly F[];
  /** Sends the typed values to the BFF (through apiFetch); the BFF validates them. */
  submit: (values: Record<F, string>) => Promise<R>;
  onSuccess?: (result: R) => void;
};

/**
 * A form over one BFF call with no form library, for forms on a first paint that must stay light
 * (the login page). The inputs are uncontrolled, so what was typed stays after a failure; the
 * BFF's 422 puts its message keys under their fields (the first one focused), and an edited field
 * drops its error. A second submit while one is out sends nothing; the loading overlay covers the
 * page while the call runs.
 */
export function useBffSubmit<F extends string, R>({
  fields,
  submit,
  onSuccess,
}: BffSubmitOptions<F, R>) {
  const { setLoading } = useGlobalLoading();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [fieldKeys, setFieldKeys] = useState<Partial<Record<F, string>>>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = {} as Record<F, string>;
    for (const name of fields) values[name] = String(data.get(name) ?? "");
    inFlight.current = true;
    setPending(true);
    setError(null);
    setFieldKeys({});
    // The page is covered while the call runs (spec 000 §9), like every other BFF form.
    setLoading(true);
    try {
      const result = await submit(values);
      setLoading(false);
      setSucceeded(true);
      onSuccess?.(result);
    } catch (err) {
      setLoading(false);
      setError(err);
      const onFields = err instanceof ApiError ? err.fields : {};
      const keys: Partial<Record<F, string>> = {};
      for (const name of fields) if (onFields[name]) keys[name] = onFields[name];
      setFieldKeys(keys);
      const first = fields.find((name) => keys[name]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  /** Clears a field's error once the user edits it. */
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name as F;
    if (fieldKeys[name]) setFieldKeys(({ [name]: _dropped, ...rest }) => rest as typeof fieldKeys);
  };

  return { onSubmit, onChange, pending, succeeded, error, fieldKeys };
}
