"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useId, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { fetchFilterOptions } from "@/lib/lists/bff";
import { statusText } from "@/lib/format/status";
import type { ListId } from "@/lib/lists/definitions";
import type { LooseTranslator } from "@/lib/lists/labels";
import { listKeys } from "@/lib/lists/queries";
import type { FilterOption } from "@/lib/schemas/lists";
import { useDebouncedValue } from "./use-debounced-value";

const SEARCH_DELAY_MS = 250;
/** GET /v1/filter/fetch_instances answers at most this many values (docs/CONTRACT.md §5). */
const UPSTREAM_OPTION_LIMIT = 50;

function optionsQuery(
  list: ListId,
  field: string,
  search: string,
  select: (options: FilterOption[]) => FilterOption[],
) {
  return {
    queryKey: listKeys.instances(list, field, search),
    queryFn: () => fetchFilterOptions(list, field, search),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    select,
  };
}

function matching(options: FilterOption[], search: string): FilterOption[] {
  const needle = search.toLocaleLowerCase();
  return needle === ""
    ? options
    : options.filter((o) => o.label.toLocaleLowerCase().includes(needle));
}

/**
 * The value of an equal / not-equal filter on a look-up field: a searchable combobox over the
 * field's existing values (WAI-ARIA combobox with a listbox popup). The value is always one of
 * the offered values; typing searches, it does not set the value.
 */
export function ValueLookup({
  list,
  field,
  value,
  onChange,
  id,
  describedBy,
}: {
  list: ListId;
  field: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The input's id, for the builder's label. */
  id: string;
  describedBy?: string;
}) {
  const t = useTranslations("lists");
  const root = useTranslations();
  // A status is offered in the reader's language; the value chosen stays the API's.
  const select = useCallback(
    (options: FilterOption[]) =>
      field === "status"
        ? options.map((o) => ({
            value: o.value,
            label: statusText(list, o.value, root as unknown as LooseTranslator),
          }))
        : options,
    [field, list, root],
  );
  const listboxId = useId();
  const [text, setText] = useState(() =>
    value === null ? "" : (select([{ value, label: value }])[0]?.label ?? value),
  );
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Once a value is picked its label fills the input; that label is not a search.
  const search = useDebouncedValue(value !== null ? "" : text.trim(), SEARCH_DELAY_MS);

  // The first answer (no search) is every value when it holds fewer than the upstream's cap: then
  // a search filters it here, by the label shown (so 'unp' finds 'unpaid', stored as 'posted').
  const first = useQuery(optionsQuery(list, field, "", select));
  const complete = first.data !== undefined && first.data.length < UPSTREAM_OPTION_LIMIT;
  const searched = useQuery({
    ...optionsQuery(list, field, search, select),
    enabled: search !== "" && first.isSuccess && !complete,
  });
  const query = search === "" || complete ? first : searched;
  const typed = value !== null ? "" : text.trim();
  const options: FilterOption[] = complete ? matching(first.data, typed) : (query.data ?? []);
  const showList = open && options.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const choose = (option: FilterOption) => {
    onChange(option.value);
    setText(option.label);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === "Enter" && showList && active >= 0) {
      // Picks the highlighted value instead of submitting the builder.
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
    } else if (event.key === "Escape" && open) {
      // The popover leaves this Escape alone (see FilterBar): it closes only the list.
      setOpen(false);
      setActive(-1);
    }
  };

  const failed = first.isError || (query === searched && searched.isError);
  // The failed look-up again (the first answer when that one failed, else the search's).
  const retry = () => void (first.isError ? first.refetch() : searched.refetch());
  let status: string | null = null;
  if (failed) status = t("filter.optionsError");
  else if (query.isPending) status = t("filter.loadingOptions");
  else if (options.length === 0) status = t("filter.noOptions");

  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listboxId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={t("filter.searchPlaceholder")}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (value !== null) onChange(null);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-10"
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label={t("filter.value")}
        hidden={!showList}
        className="border-border bg-background mt-1 max-h-52 overflow-y-auto rounded-lg border p-1 shadow-sm"
      >
        {options.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={option.value === value}
            // Keeps focus in the input, so the list does not close before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            onMouseMove={() => setActive(index)}
            className={cn(
              "text-foreground cursor-pointer truncate rounded-md px-2.5 py-2 text-sm",
              index === active && "bg-muted",
              option.value === value && "font-semibold",
            )}
          >
            {option.label}
          </li>
        ))}
      </ul>
      <p
        role="status"
        className={cn(
          "text-muted-foreground mt-1.5 flex items-center gap-2 text-sm",
          status === null && "sr-only",
        )}
      >
        {!failed && query.isPending ? <Spinner className="size-4" /> : null}
        {status ?? t("filter.optionsCount", { count: options.length })}
      </p>
      {failed ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          loading={query.isFetching || first.isFetching}
          onClick={retry}
        >
          {t("filter.retryOptions")}
        </Button>
      ) : null}
    </div>
  );
}
