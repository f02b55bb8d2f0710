"use client";

import type { ComponentProps, ReactNode } from "react";
import { Field, FieldDescription, FieldError, FieldLabel, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

type TextFieldProps = Omit<ComponentProps<"input">, "id"> & {
  id: string;
  label: ReactNode;
  /** Already translated. */
  error?: string;
  description?: ReactNode;
  /** Extra ids the input is described by (e.g. a password checklist). */
  describedBy?: string;
};

/** A labelled input with its error (and hint) linked through aria-describedby. */
export function TextField({
  id,
  label,
  error,
  description,
  describedBy,
  className,
  ...inputProps
}: TextFieldProps) {
  const aria = fieldAria(id, { error, description: Boolean(description) });
  const ariaDescribedBy =
    [aria["aria-describedby"], describedBy].filter(Boolean).join(" ") || undefined;
  return (
    <Field className={className}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Input {...inputProps} {...aria} aria-describedby={ariaDescribedBy} />
      {description ? (
        <FieldDescription id={`${id}-description`}>{description}</FieldDescription>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </Field>
  );
}
