"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Field, FieldDescription, FieldError, FieldLabel, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RadioGroup } from "@/components/ui/radio-group";
import type { ListId } from "@/lib/lists/definitions";
import type { BuilderValue, FilterField } from "@/lib/lists/filters";
import { ValueLookup } from "./value-lookup";

/** Step 3: the value control the field's type asks for (spec 001 §5). */
export function ValueField({
  list,
  field,
  lookup,
  value,
  onChange,
  onBlur,
  error,
}: {
  list: ListId;
  field: FilterField;
  /** Equal / not equal on a look-up field: pick one of the existing values. */
  lookup: boolean;
  value: BuilderValue;
  onChange: (value: BuilderValue) => void;
  onBlur?: () => void;
  /** Already translated. */
  error: string | null;
}) {
  const t = useTranslations("lists");
  const id = useId();

  if (field.type === "boolean") {
    return (
      <RadioGroup
        legend={t("filter.value")}
        layout="row"
        value={value === true ? "true" : value === false ? "false" : null}
        onValueChange={(choice) => onChange(choice === "true")}
        options={[
          { value: "true", label: t("boolean.yes") },
          { value: "false", label: t("boolean.no") },
        ]}
      />
    );
  }

  const isDate = field.type === "date";
  const aria = fieldAria(id, { error, description: isDate });
  const text = typeof value === "string" ? value : "";
  return (
    <Field>
      <FieldLabel htmlFor={id}>{t("filter.value")}</FieldLabel>
      {lookup ? (
        <ValueLookup
          list={list}
          field={field.name}
          value={value === null ? null : text}
          onChange={onChange}
          id={id}
          describedBy={aria["aria-describedby"]}
        />
      ) : (
        <Input
          {...aria}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          inputMode={field.type === "number" ? "decimal" : undefined}
          placeholder={isDate ? t("filter.datePlaceholder") : t("filter.valuePlaceholder")}
          autoComplete="off"
          className="h-10"
        />
      )}
      {isDate ? (
        <FieldDescription id={`${id}-description`}>{t("filter.dateHint")}</FieldDescription>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </Field>
  );
}
