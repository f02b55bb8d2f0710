// The formatters a signed-in page renders values with, remembering each text they made. The
// server's render remembers what it showed and sends the list with the HTML
// (components/format/formatted-texts.tsx); the browser's first render finds every text there and so
// does not start Intl, whose first number or date formatter costs a phone's main thread ICU data
// loading during hydration (Total Blocking Time: bench/README.md). A value the server did not show
// (the next page, a refreshed balance) is formatted by Intl as before.
import { formatDate } from "./dates";
import { formatMinorMoney, formatMoney } from "./money";
import { formatNumber } from "./number";
import { formatPercent } from "./percent";

export type Formatters = {
  money: (value: unknown, currency: string | null | undefined) => string;
  minorMoney: (minor: unknown, currency: string | null | undefined) => string;
  date: (value: unknown) => string;
  percent: (value: unknown) => string;
  number: (value: number) => string;
};

/**
 * Texts by what they show (kind, locale, currency and value): where the formatters look first,
 * and on the server's render, where they add each new text.
 */
export type TextStore = {
  lookup: (key: string) => string | undefined;
  remember?: (key: string, text: string) => void;
};

/**
 * Formatters for `locale` that look in `store` first. The browser's store only reads, so a long
 * session does not grow the list.
 */
export function makeFormatters(locale: string, store: TextStore): Formatters {
  const text = (kind: string, value: unknown, make: () => string, extra = ""): string => {
    // Only plain wire values have a stable key; anything else is formatted each time.
    if (typeof value !== "string" && typeof value !== "number") return make();
    const key = `${kind}|${locale}|${extra}|${value}`;
    let made = store.lookup(key);
    if (made === undefined) {
      made = make();
      store.remember?.(key, made);
    }
    return made;
  };
  return {
    money: (value, currency) =>
      text("m", value, () => formatMoney(value, currency, locale), currency ?? ""),
    minorMoney: (minor, currency) =>
      text("c", minor, () => formatMinorMoney(minor, currency, locale), currency ?? ""),
    date: (value) => text("d", value, () => formatDate(value, locale)),
    percent: (value) => text("p", value, () => formatPercent(value, locale)),
    number: (value) => text("n", value, () => formatNumber(value, locale)),
  };
}
