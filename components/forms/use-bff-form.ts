"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useRef, type BaseSyntheticEvent } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
} from "react-hook-form";
import type * as z from "zod/mini";
import { applyServerFieldErrors } from "./server-errors";
import { useKeyTranslator } from "./use-key-translator";

type BffFormOptions<In extends FieldValues, Out, R> = {
  /** The resource's schema (lib/schemas), the same one the BFF handler parses with. */
  schema: z.core.$ZodType<Out, In>;
  defaultValues: DefaultValues<In>;
  /** Sends the parsed values to the BFF (through apiFetch). */
  submit: (values: Out) => Promise<R>;
  onSuccess?: (result: R, values: Out) => void;
  /** After the server's field errors are on their fields; `message` is the form's error text. */
  onError?: (error: unknown, message: string) => void;
  /** The form-level text of a failure; default: the BFF's message, translated. */
  errorText?: (error: unknown) => string;
  /** Fields in focus order for the server's field errors; default: the keys of defaultValues. */
  fields?: readonly FieldPath<In>[];
  mode?: UseFormProps<In>["mode"];
};

/**
 * One form over one BFF call (CONVENTIONS 25): zod validation on submit and then on change, a
 * mutation through apiFetch, the server's 422 field errors put on their fields (the first one
 * focused), and one translated error for the whole form. A second submit while one is out sends
 * nothing; what was typed stays after a failure.
 */
export function useBffForm<In extends FieldValues, Out, R>({
  schema,
  defaultValues,
  submit,
  onSuccess,
  onError,
  errorText,
  fields,
  mode = "onSubmit",
}: BffFormOptions<In, Out, R>) {
  const tr = useKeyTranslator();
  const textOf = errorText ?? tr.error;
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema) as Resolver<In, unknown, Out>,
    mode,
    reValidateMode: "onChange",
    defaultValues,
  });
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: (result, values) => onSuccess?.(result, values),
    onError: (error) => {
      const order = fields ?? (Object.keys(defaultValues ?? {}) as FieldPath<In>[]);
      applyServerFieldErrors(error, form.setError, order);
      onError?.(error, textOf(error));
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });
  const { mutate } = mutation;

  const onSubmit = useCallback(
    (event?: BaseSyntheticEvent) =>
      form.handleSubmit((values) => {
        if (inFlight.current) return;
        inFlight.current = true;
        mutate(values);
      })(event),
    [form, mutate],
  );

  const fieldError = (name: FieldPath<In>): string | undefined => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return tr.key(message);
  };

  const formError = mutation.error ? textOf(mutation.error) : null;

  return { form, mutation, onSubmit, fieldError, formError, pending: mutation.isPending };
}
