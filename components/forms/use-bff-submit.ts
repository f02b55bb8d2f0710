"use client";

import { useState, type FormEvent } from "react";
import { serverFieldErrors, useBffCall } from "./use-bff-call";

type BffSubmitOptions<F extends string, R> = {
  /** The form's fields in focus order. */
  fields: readonly F[];
  /** Sends the typed values to the BFF (through apiFetch); the BFF validates them. */
  submit: (values: Record<F, string>) => Promise<R>;
  onSuccess?: (result: R) => void;
};

/**
 * A BFF form with no form library, for forms on a first paint that must stay light (the login
 * page): the one submit (useBffCall) over the form's uncontrolled inputs, so what was typed stays
 * after a failure. The BFF validates; its 422 puts message keys under their fields (the first one
 * focused), and an edited field drops its error.
 */
export function useBffSubmit<F extends string, R>({
  fields,
  submit,
  onSuccess,
}: BffSubmitOptions<F, R>) {
  const { send, state } = useBffCall({ submit, onSuccess });
  const [fieldKeys, setFieldKeys] = useState<Partial<Record<F, string>>>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.isPending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = {} as Record<F, string>;
    for (const name of fields) values[name] = String(data.get(name) ?? "");
    setFieldKeys({});
    const failure = await send(values);
    if (!failure) return;
    const errors = serverFieldErrors(failure.error, fields);
    setFieldKeys(Object.fromEntries(errors) as Partial<Record<F, string>>);
    const first = errors[0]?.[0];
    if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
  };

  /** Clears a field's error once the user edits it. */
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name as F;
    if (fieldKeys[name]) setFieldKeys(({ [name]: _dropped, ...rest }) => rest as typeof fieldKeys);
  };

  return {
    onSubmit,
    onChange,
    pending: state.isPending,
    succeeded: state.isSuccess,
    error: state.error,
    fieldKeys,
  };
}
