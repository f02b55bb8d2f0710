"use client";

import { useId, type ReactNode } from "react";
import { cn } from "./cn";

export type RadioOption<V extends string> = {
  value: V;
  label: ReactNode;
  description?: ReactNode;
};

/**
 * A labelled group of native radio buttons (arrow keys move the choice, one tab stop), drawn as
 * selectable tiles. `layout="row"` puts short options side by side.
 */
export function RadioGroup<V extends string>({
  legend,
  value,
  onValueChange,
  options,
  disabled = false,
  layout = "column",
  className,
  autoFocus = false,
}: {
  legend: ReactNode;
  /** The checked option; null checks none. */
  value: V | null;
  onValueChange: (value: V) => void;
  options: readonly RadioOption<V>[];
  disabled?: boolean;
  layout?: "column" | "row";
  className?: string;
  /** Focuses the checked option (or the first) when it mounts. */
  autoFocus?: boolean;
}) {
  const id = useId();
  const focusValue = value ?? options[0]?.value;
  return (
    <fieldset disabled={disabled} className={cn("min-w-0", className)}>
      <legend className="text-foreground mb-2 text-sm font-medium">{legend}</legend>
      <div className={layout === "row" ? "grid grid-cols-2 gap-2" : "grid gap-2"}>
        {options.map((option) => {
          const descriptionId = option.description ? `${id}-${option.value}-hint` : undefined;
          return (
            <label
              key={option.value}
              className="border-border has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-primary flex min-w-0 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-disabled:cursor-not-allowed has-disabled:opacity-60"
            >
              <input
                type="radio"
                name={id}
                value={option.value}
                checked={value === option.value}
                onChange={() => onValueChange(option.value)}
                aria-describedby={descriptionId}
                autoFocus={autoFocus && option.value === focusValue}
                className="accent-primary mt-0.5 size-4 shrink-0 focus-visible:outline-none"
              />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="text-foreground text-sm font-medium">{option.label}</span>
                {option.description ? (
                  <span id={descriptionId} className="text-muted-foreground text-sm">
                    {option.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
