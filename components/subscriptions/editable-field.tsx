"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { CheckIcon } from "@/components/ui/icons/check";
import { PencilIcon } from "@/components/ui/icons/pencil";
import { XIcon } from "@/components/ui/icons/x";
import { inputClassName } from "@/components/ui/input";
import type { FieldValue as Value, SubscriptionField } from "@/lib/schemas/subscriptions";
import type { DisplayContext } from "@/lib/subscriptions/display";
import { editText, minEditDate, parseFieldEdit, type EditResult } from "@/lib/subscriptions/rules";
import { easternToday } from "@/lib/format/dates";
import { FieldValue } from "./field-value";

type Props = {
  field: SubscriptionField;
  /** The value shown: the pending one when edited, else the server's. */
  value: Value;
  changed: boolean;
  /** Whether the subscription may be edited at all ("Change" actionable). */
  editingAllowed: boolean;
  context: DisplayContext;
  onCommit: (value: Value) => void;
};

const iconButton =
  "text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-primary inline-flex size-8 shrink-0 items-center justify-center rounded-md focus-visible:outline-2";

/**
 * One field of "Basic information" (spec 001 §2, §4): its value, and for an editable field an edit
 * button opening a text box (a date input for dates) with confirm and cancel. Leaving the box
 * stores the value as a pending change; a value that does not fit keeps the box open with its error.
 */
export function EditableField({ field, value, changed, editingAllowed, context, onCommit }: Props) {
  const t = useTranslations("subscriptions.edit");
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<EditResult | null>(null);
  const id = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const editing = draft !== null;
  const canEdit = field.editable && editingAllowed;

  const close = () => {
    setDraft(null);
    setError(null);
    // Focus returns to the edit button, which React shows again on this render.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const confirm = () => {
    if (draft === null) return;
    const result = parseFieldEdit(field, draft);
    if (!result.ok) {
      setError(result);
      return;
    }
    onCommit(result.value);
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && field.type !== "textarea") {
      event.preventDefault();
      confirm();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  };
  // Leaving the editor (not to its own buttons) stores the value, as confirm does.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    if (draft === null) return;
    const result = parseFieldEdit(field, draft);
    if (result.ok) {
      onCommit(result.value);
      setDraft(null);
      setError(null);
    } else setError(result);
  };

  const errorId = `${id}-error`;
  const labelId = `${id}-label`;
  const invalid = error !== null && !error.ok;
  const min = field.type === "date" ? minEditDate(field, easternToday()) : null;

  return (
    <div
      className={cn(
        "flex min-w-0 flex-col gap-1 rounded-lg px-3 py-2",
        // On two narrow columns the open editor takes the whole row.
        editing && "col-span-2 lg:col-span-1",
        changed && "bg-primary-soft ring-primary/40 ring-1",
      )}
      data-changed={changed || undefined}
    >
      <dt id={labelId} className="text-muted-foreground text-xs font-medium">
        {field.label}
      </dt>
      <dd className="text-foreground min-w-0 text-sm break-words">
        {editing ? (
          <div className="flex flex-col gap-1" onBlur={onBlur}>
            <div className="flex items-center gap-1">
              {field.type === "boolean" ? (
                <select
                  id={id}
                  aria-labelledby={labelId}
                  aria-invalid={invalid || undefined}
                  className={cn(inputClassName, "h-9")}
                  value={draft}
                  autoFocus
                  onChange={(e) => setDraft(e.target.value)}
                  onKeyDown={onKeyDown}
                >
                  <option value="">{t("none")}</option>
                  <option value="true">{t("yes")}</option>
                  <option value="false">{t("no")}</option>
                </select>
              ) : (
                <input
                  id={id}
                  type={field.type === "date" ? "date" : "text"}
                  inputMode={
                    field.type === "number" || field.type === "currency" ? "decimal" : undefined
                  }
                  min={min ?? undefined}
                  aria-labelledby={labelId}
                  aria-invalid={invalid || undefined}
                  aria-describedby={invalid ? errorId : undefined}
                  className={cn(inputClassName, "h-9")}
                  value={draft}
                  autoFocus
                  onChange={(e) => {
                    setDraft(e.target.value);
                    setError(null);
                  }}
                  onKeyDown={onKeyDown}
                />
              )}
              <button
                type="button"
                className={iconButton}
                aria-label={t("confirm", { label: field.label })}
                onClick={confirm}
              >
                <CheckIcon />
              </button>
              <button
                type="button"
                className={iconButton}
                aria-label={t("cancel", { label: field.label })}
                onClick={close}
              >
                <XIcon className="size-4" />
              </button>
            </div>
            {invalid ? (
              <p id={errorId} className="text-danger text-xs" role="alert">
                {t(`errors.${error.error}`)}
              </p>
            ) : null}
          </div>
        ) : (
          <div className="flex min-h-8 items-center gap-1">
            <span className="min-w-0">
              <FieldValue field={field} value={value} context={context} />
            </span>
            {canEdit ? (
              <button
                ref={editButton}
                type="button"
                className={iconButton}
                aria-label={t("edit", { label: field.label })}
                onClick={() => setDraft(editText(value))}
              >
                <PencilIcon />
              </button>
            ) : null}
          </div>
        )}
      </dd>
    </div>
  );
}
