"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/forms/submit-button";
import { cx } from "@/components/ui/cx";
import { ChevronFirstIcon } from "@/components/ui/icons/chevron-first";
import { ChevronLastIcon } from "@/components/ui/icons/chevron-last";
import { ChevronLeftIcon } from "@/components/ui/icons/chevron-left";
import { ChevronRightIcon } from "@/components/ui/icons/chevron-right";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { PageSize } from "@/lib/lists/definitions";
import { pagerItems, resolvePageJump, toShownPage } from "@/lib/lists/pager";

type PagerProps = {
  /** Names the navigation landmark, e.g. "Pages of invoices". */
  label: string;
  pageIndex: number;
  pageCount: number;
  size: PageSize;
  sizes: readonly PageSize[];
  onPageChange: (pageIndex: number) => void;
  onSizeChange: (size: PageSize) => void;
};

const pageButton =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium tabular-nums transition-colors disabled:pointer-events-none disabled:opacity-40";

/** First / previous / numbered pages with ellipses / next / last, "Page X of Y", a page jump and the page size. */
export function Pager({
  label,
  pageIndex,
  pageCount,
  size,
  sizes,
  onPageChange,
  onSizeChange,
}: PagerProps) {
  const t = useTranslations("lists.table.pager");
  const sizeId = useId();
  const atStart = pageIndex <= 0;
  const atEnd = pageIndex >= pageCount - 1;
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <nav
        aria-label={label}
        // Kept whole on one row beside the page facts; those wrap first when room runs short.
        className="flex flex-wrap items-center gap-1 lg:shrink-0 rtl:[&_svg]:-scale-x-100"
      >
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("first")}
          disabled={atStart}
          onClick={() => onPageChange(0)}
        >
          <ChevronFirstIcon />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("previous")}
          disabled={atStart}
          onClick={() => onPageChange(pageIndex - 1)}
        >
          <ChevronLeftIcon />
        </Button>
        <ul className="flex flex-wrap items-center gap-1">
          {pagerItems(pageIndex, pageCount).map((item) =>
            item.type === "ellipsis" ? (
              <li key={item.key} className="text-muted-foreground px-1" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={item.index}>
                <button
                  type="button"
                  aria-label={t("page", { page: toShownPage(item.index) })}
                  aria-current={item.index === pageIndex ? "page" : undefined}
                  onClick={() => onPageChange(item.index)}
                  className={cx(
                    pageButton,
                    item.index === pageIndex
                      ? "bg-primary text-primary-foreground"
                      : "text-foreground hover:bg-muted",
                  )}
                >
                  {toShownPage(item.index)}
                </button>
              </li>
            ),
          )}
        </ul>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("next")}
          disabled={atEnd}
          onClick={() => onPageChange(pageIndex + 1)}
        >
          <ChevronRightIcon />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("last")}
          disabled={atEnd}
          onClick={() => onPageChange(pageCount - 1)}
        >
          <ChevronLastIcon />
        </Button>
      </nav>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <p className="text-muted-foreground tabular-nums" aria-live="polite">
          {t("pageOf", { page: toShownPage(pageIndex), count: pageCount })}
        </p>
        {/* Remounted per page: the box always starts from the page shown. */}
        <PageJump
          key={`${pageIndex}/${pageCount}`}
          pageIndex={pageIndex}
          pageCount={pageCount}
          onPageChange={onPageChange}
        />
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="text-muted-foreground whitespace-nowrap">
            {t("size")}
          </label>
          <Select
            id={sizeId}
            value={String(size)}
            onChange={(e) => {
              const next = sizes.find((s) => String(s) === e.target.value);
              if (next) onSizeChange(next);
            }}
            className="w-20"
          >
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </div>
  );
}

type PageJumpProps = Pick<PagerProps, "pageIndex" | "pageCount" | "onPageChange">;

/** The page jump: 1 to the page count; anything else puts the current page back in the box (spec 001 §5). */
function PageJump({ pageIndex, pageCount, onPageChange }: PageJumpProps) {
  const t = useTranslations("lists.table.pager");
  const inputId = useId();
  const [draft, setDraft] = useState(String(toShownPage(pageIndex)));
  const jump = () => {
    const target = resolvePageJump(draft, pageIndex, pageCount);
    if (target !== pageIndex) onPageChange(target);
    else setDraft(String(toShownPage(pageIndex)));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    jump();
  };
  return (
    <form method="post" onSubmit={onSubmit} className="flex items-center gap-2">
      <label htmlFor={inputId} className="text-muted-foreground whitespace-nowrap">
        {t("jump")}
      </label>
      <Input
        id={inputId}
        inputMode="numeric"
        autoComplete="off"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={(e) => {
          // Leaving for the Go button submits; leaving elsewhere drops an unsent number.
          if (e.relatedTarget?.getAttribute("type") !== "submit")
            setDraft(String(toShownPage(pageIndex)));
        }}
        className="h-9 w-16 text-center tabular-nums"
      />
      <SubmitButton variant="secondary" size="sm">
        {t("jumpSubmit")}
      </SubmitButton>
    </form>
  );
}
