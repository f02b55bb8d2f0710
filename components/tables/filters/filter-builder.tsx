"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type Dispatch, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/forms/submit-button";
import { Field, FieldLabel } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { ListId } from "@/lib/lists/definitions";
import {
  INVALID_DATE_KEY,
  isPresenceOperator,
  isFilterOperator,
  operatorsFor,
  runsValueLookup,
  type FilterField,
  type ListFilter,
} from "@/lib/lists/filters";
import { parseDateInput } from "@/lib/lists/filter-input";
import {
  canApply,
  draftToFilter,
  showsApply,
  type BuilderAction,
  type BuilderState,
} from "@/lib/lists/filter-builder";
import type { FilterTexts, LooseTranslator } from "./filter-texts";
import { ValueField } from "./value-field";

/**
 * The popover's three steps (spec 001 §4–5): a field, then an operator allowed for its type, then
 * a value; Apply shows once an operator is chosen and works only when `canApply` holds.
 */
export function FilterBuilder({
  list,
  fields,
  state,
  dispatch,
  texts,
  titleId,
  onApply,
  onCancel,
}: {
  list: ListId;
  fields: readonly FilterField[];
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
  texts: FilterTexts;
  titleId: string;
  onApply: (filter: ListFilter) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("lists");
  const tKey = useTranslations() as unknown as LooseTranslator;
  const fieldId = useId();
  const operatorId = useId();
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const field = fields.find((f) => f.name === state.field) ?? null;
  const lookup = field !== null && runsValueLookup(field.sourceType, state.operator);
  const builtIns = fields.filter((f) => !f.custom);
  const customs = fields.filter((f) => f.custom);

  const chooseOperator = (raw: string) => {
    if (!field || !isFilterOperator(raw)) return;
    const wasLookup = lookup;
    dispatch({ type: "chooseOperator", operator: raw });
    // A typed text is no picked value, and a picked value is no search: start the value afresh.
    if (wasLookup !== runsValueLookup(field.sourceType, raw))
      dispatch({ type: "setValue", value: null });
    setErrorKey(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!field || !canApply(state)) return;
    const draft = draftToFilter(field, state, texts.locale);
    if (draft.ok) onApply(draft.filter);
    else setErrorKey(draft.error);
  };

  // 'Invalid Date Format' shows as soon as a typed date is left, not only on Apply.
  const checkDate = () => {
    if (field?.type !== "date" || typeof state.value !== "string" || state.value.trim() === "")
      return;
    if (!parseDateInput(state.value, texts.locale).ok) setErrorKey(INVALID_DATE_KEY);
  };

  const errorText =
    errorKey === null
      ? null
      : field?.type === "number" && errorKey === "lists.filter.invalidValue"
        ? t("filter.invalidNumber")
        : tKey.has(errorKey)
          ? tKey(errorKey)
          : t("filter.incomplete");

  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={titleId} className="text-foreground text-base font-semibold">
          {t("filter.title")}
        </h2>
        <p className="text-muted-foreground text-xs font-medium tabular-nums">
          {t("filter.step", { step: state.step })}
        </p>
      </div>

      <Field>
        <FieldLabel htmlFor={fieldId}>{t("filter.field")}</FieldLabel>
        <Select
          id={fieldId}
          value={state.field ?? ""}
          onChange={(event) => {
            dispatch({ type: "chooseField", field: event.target.value });
            setErrorKey(null);
          }}
        >
          <option value="" disabled>
            {t("filter.fieldPlaceholder")}
          </option>
          {builtIns.map((f) => (
            <option key={f.name} value={f.name}>
              {texts.field(f.name)}
            </option>
          ))}
          {customs.length > 0 ? (
            <optgroup label={t("filter.customFields")}>
              {customs.map((f) => (
                <option key={f.name} value={f.name}>
                  {texts.field(f.name)}
                </option>
              ))}
            </optgroup>
          ) : null}
        </Select>
      </Field>

      {field ? (
        <Field>
          <FieldLabel htmlFor={operatorId}>{t("filter.operator")}</FieldLabel>
          <Select
            id={operatorId}
            value={state.operator ?? ""}
            // Back to step 2 while the operator is being chosen again; leaving it returns to step 3.
            onFocus={() => {
              if (state.step === 3) dispatch({ type: "reopenOperator" });
            }}
            onBlur={() => {
              if (state.step === 2 && state.operator)
                dispatch({ type: "chooseOperator", operator: state.operator });
            }}
            onChange={(event) => chooseOperator(event.target.value)}
          >
            <option value="" disabled>
              {t("filter.operatorPlaceholder")}
            </option>
            {operatorsFor(field.type).map((op) => (
              <option key={op} value={op}>
                {texts.operator(op)}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}

      {field && state.operator && !isPresenceOperator(state.operator) ? (
        <ValueField
          key={`${field.name}:${lookup ? "lookup" : "input"}`}
          list={list}
          field={field}
          lookup={lookup}
          value={state.value}
          onChange={(value) => {
            dispatch({ type: "setValue", value });
            setErrorKey(null);
          }}
          onBlur={checkDate}
          error={errorText}
        />
      ) : null}

      <div className="flex justify-end gap-2 pt-1">
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {t("filter.cancel")}
        </Button>
        {showsApply(state) ? (
          <SubmitButton size="sm" disabled={!canApply(state)}>
            {t("filter.apply")}
          </SubmitButton>
        ) : null}
      </div>
    </form>
  );
}
