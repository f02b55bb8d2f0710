"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import type { BaseSyntheticEvent } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
} from "react-hook-form";
import type * as z from "zod/mini";
import { serverFieldErrors, useBffCall } from "./use-bff-call";
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
 * A BFF form with react-hook-form (docs/CONVENTIONS.md 25): zod/mini validation on submit and then on
 * change, the one submit (useBffCall: one call at a time, the loading overlay), the server's 422
 * field errors put on their fields (the first one focused), and one translated error for the
 * whole form. What was typed stays after a failure.
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
  const { send: call, state } = useBffCall({ submit, onSuccess });

  const send = async (values: Out) => {
    const failure = await call(values);
    if (!failure) return;
    const order = fields ?? (Object.keys(defaultValues ?? {}) as FieldPath<In>[]);
    serverFieldErrors(failure.error, order).forEach(([name, message], index) =>
      form.setError(name, { type: "server", message }, { shouldFocus: index === 0 }),
    );
    onError?.(failure.error, textOf(failure.error));
  };
  const onSubmit = (event?: BaseSyntheticEvent) => form.handleSubmit(send)(event);

  const fieldError = (name: FieldPath<In>): string | undefined => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return tr.key(message);
  };

  const formError = state.error ? textOf(state.error) : null;

  return { form, mutation: state, onSubmit, fieldError, formError, pending: state.isPending };
}
