"use client";

import { useWatch, type FieldPath, type UseFormReturn } from "react-hook-form";
import { PasswordChecklist } from "./password-checklist";
import { TextField } from "./text-field";

type NewPasswordValues = { password: string; passwordConfirmation: string };

type NewPasswordFieldsProps<In extends NewPasswordValues, Out> = {
  form: UseFormReturn<In, unknown, Out>;
  /** The form's translated field errors (useBffForm's `fieldError`). */
  fieldError: (name: FieldPath<In>) => string | undefined;
  /** The checklist is `{idPrefix}-rules`, the confirmation `{idPrefix}-confirmation`. */
  idPrefix: string;
  /** The new password input's id; default `idPrefix`. */
  passwordId?: string;
  label: string;
  confirmationLabel: string;
};

/**
 * A new password with the live rules checklist that describes it (spec 000 §5), and its
 * confirmation: the `password` and `passwordConfirmation` fields of the form.
 */
export function NewPasswordFields<In extends NewPasswordValues, Out>({
  form,
  fieldError,
  idPrefix,
  passwordId = idPrefix,
  label,
  confirmationLabel,
}: NewPasswordFieldsProps<In, Out>) {
  const {
    register,
    control,
    trigger,
    formState: { touchedFields },
  } = form;
  const password = "password" as FieldPath<In>;
  const confirmation = "passwordConfirmation" as FieldPath<In>;
  const value = useWatch({ control, name: password }) ?? "";
  const checklistId = `${idPrefix}-rules`;

  return (
    <>
      <div className="flex flex-col gap-3">
        <TextField
          id={passwordId}
          type="password"
          label={label}
          autoComplete="new-password"
          required
          describedBy={checklistId}
          error={fieldError(password)}
          {...register(password, {
            // Once the confirmation has been visited, keep its "does not match" message current.
            onChange: () => {
              if (touchedFields.passwordConfirmation) void trigger(confirmation);
            },
          })}
        />
        <PasswordChecklist id={checklistId} value={value} />
      </div>
      <TextField
        id={`${idPrefix}-confirmation`}
        type="password"
        label={confirmationLabel}
        autoComplete="new-password"
        required
        error={fieldError(confirmation)}
        {...register(confirmation)}
      />
    </>
  );
}
