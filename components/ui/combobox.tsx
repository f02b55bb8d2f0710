"use client";

import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { cn } from "./cn";
import { fieldAria, FieldError, FieldLabel } from "./field";
import { ChevronDownIcon } from "./icons/chevron-down";
import { inputClassName } from "./input";

export type ComboboxOption = { value: string; label: string; hint?: string };

type ComboboxProps = {
  id: string;
  label: ReactNode;
  options: readonly ComboboxOption[];
  /** The chosen option's value, or "" for none. */
  value: string;
  onChange: (value: string) => void;
  /** The options a search text finds, best first. */
  search: (options: readonly ComboboxOption[], text: string) => ComboboxOption[];
  placeholder?: string;
  /** Already translated. */
  error?: string;
  /** Shown in the list when the search finds nothing. */
  emptyText: string;
  required?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
};

/**
 * A searchable single choice (WAI-ARIA 1.2 editable combobox with a list popup): type to filter,
 * arrows to move, Enter to choose, Escape to close the list (not the dialog around it).
 */
export function Combobox({
  id,
  label,
  options,
  value,
  onChange,
  search,
  placeholder,
  error,
  emptyText,
  required,
  disabled,
  onBlur,
}: ComboboxProps) {
  const listId = useId();
  const chosen = options.find((o) => o.value === value) ?? null;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const found = useMemo(
    () => (open ? search(options, text ?? "") : []),
    [open, options, search, text],
  );
  const activeOption = found[Math.min(active, found.length - 1)];
  const aria = fieldAria(id, { error });

  // While the list is open, Escape closes it and goes no further: a dialog listens on the
  // document (capture), so the window's capture phase is the only place ahead of it.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || event.target !== inputRef.current) return;
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
      setText(null);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open]);

  useEffect(() => {
    if (!open || !activeOption) return;
    const node = listRef.current?.querySelector<HTMLElement>(
      `[data-value="${activeOption.value}"]`,
    );
    node?.scrollIntoView({ block: "nearest" });
  }, [open, activeOption]);

  const choose = (option: ComboboxOption) => {
    onChange(option.value);
    setOpen(false);
    setText(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(Math.max(0, chosen ? options.indexOf(chosen) : 0));
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(found.length - 1, 0)));
    } else if (event.key === "Home" && open) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === "End" && open) {
      event.preventDefault();
      setActive(Math.max(found.length - 1, 0));
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      if (activeOption) choose(activeOption);
    } else if (event.key === "Tab" && open) {
      setOpen(false);
      setText(null);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel id={`${id}-label`} htmlFor={id}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          ref={inputRef}
          {...aria}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={
            open && activeOption ? `${listId}-${activeOption.value}` : undefined
          }
          aria-required={required || undefined}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          placeholder={placeholder}
          value={text ?? chosen?.label ?? ""}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setText(null);
            onBlur?.();
          }}
          className={cn(inputClassName, "pe-9")}
        />
        <ChevronDownIcon className="text-muted-foreground pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2" />
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-labelledby={`${id}-label`}
          hidden={!open}
          className="border-border bg-background absolute inset-x-0 top-full z-10 mt-1 max-h-60 overflow-y-auto rounded-lg border py-1 shadow-lg"
        >
          {found.map((option) => {
            const isActive = option === activeOption;
            return (
              <li
                key={option.value}
                id={`${listId}-${option.value}`}
                data-value={option.value}
                role="option"
                aria-selected={option.value === value}
                // Keep the focus in the input: the choice happens on click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                className={cn(
                  "flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm",
                  isActive ? "bg-muted" : "",
                  option.value === value ? "font-medium" : "",
                )}
              >
                <span className="min-w-0 truncate">{option.label}</span>
                {option.hint ? (
                  <span className="text-muted-foreground shrink-0 text-xs tabular-nums">
                    {option.hint}
                  </span>
                ) : null}
              </li>
            );
          })}
          {open && found.length === 0 ? (
            <li role="presentation" className="text-muted-foreground px-3 py-2 text-sm">
              {emptyText}
            </li>
          ) : null}
        </ul>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
