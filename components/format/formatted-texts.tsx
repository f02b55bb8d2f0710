"use client";

import { useServerInsertedHTML } from "next/navigation";
import { useLocale } from "next-intl";
import { createContext, use, useMemo, useRef, useState, type ReactNode } from "react";
import { makeFormatters, type Formatters, type TextStore } from "@/lib/format/remembered";

// The server's formatted texts travel as JSON data blocks (never run, so outside the CSP's
// script rules), written beside the HTML as React flushes it.
const MARK = "data-formatted-texts";

const FormattersContext = createContext<Formatters | null>(null);
const isServer = typeof document === "undefined";

/**
 * The page's texts, read from its data blocks. A block streamed after the first read (a Suspense
 * boundary's HTML) is read on the next miss; the live collection makes that check one length.
 */
function pageTexts(): { memo: Map<string, string>; store: TextStore } {
  const memo = new Map<string, string>();
  if (isServer)
    return {
      memo,
      store: { lookup: (key) => memo.get(key), remember: (key, text) => memo.set(key, text) },
    };
  const scripts = document.getElementsByTagName("script");
  let seen = -1;
  const read = () => {
    seen = scripts.length;
    for (const block of document.querySelectorAll(`script[${MARK}]`)) {
      try {
        for (const [key, text] of JSON.parse(block.textContent ?? "[]") as [string, string][])
          memo.set(key, text);
      } catch {
        // A damaged block: those values are formatted anew.
      }
    }
  };
  const lookup = (key: string) => {
    const text = memo.get(key);
    if (text !== undefined || scripts.length === seen) return text;
    read();
    return memo.get(key);
  };
  return { memo, store: { lookup } };
}

const noStore: TextStore = { lookup: () => undefined };

/** Gives the signed-in frame's values the texts the server already made (lib/format/remembered.ts). */
export function FormattedTextsProvider({ children }: { children: ReactNode }) {
  const [{ memo, store }] = useState(pageTexts);
  const locale = useLocale();
  // One set for the page: every cell shares it.
  const formatters = useMemo(() => makeFormatters(locale, store), [locale, store]);
  const sent = useRef(0);
  useServerInsertedHTML(() => {
    const entries = [...memo].slice(sent.current);
    sent.current = memo.size;
    if (!entries.length) return null;
    // "<" escaped so no text can close the block.
    const json = JSON.stringify(entries).replace(/</g, "\\u003c");
    return (
      <script
        type="application/json"
        {...{ [MARK]: "" }}
        dangerouslySetInnerHTML={{ __html: json }}
      />
    );
  });
  return <FormattersContext value={formatters}>{children}</FormattersContext>;
}

/** Money, dates, percentages and numbers in the page's locale, as the server showed them. */
export function useFormatters(): Formatters {
  const page = use(FormattersContext);
  const locale = useLocale();
  // Outside the signed-in frame's provider (a lone component): Intl alone.
  return useMemo(() => page ?? makeFormatters(locale, noStore), [page, locale]);
}
