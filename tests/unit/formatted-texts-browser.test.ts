// @vitest-environment jsdom
// The browser's render takes the texts the server sent (a JSON data block in the page) and makes
// only the ones it lacks with Intl; it never adds to the page's list.
import { IntlProvider } from "next-intl";
import { act, createElement as h } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FormattedTextsProvider, useFormatters } from "@/components/format/formatted-texts";
import { formatMoney } from "@/lib/format/money";
import { makeFormatters } from "@/lib/format/remembered";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Amounts({ values }: { values: unknown[] }) {
  const format = useFormatters();
  return h(
    "ul",
    null,
    values.map((value, index) => h("li", { key: index }, format.money(value, "USD"))),
  );
}

function addBlock(json: string) {
  const block = document.createElement("script");
  block.type = "application/json";
  block.setAttribute("data-formatted-texts", "");
  block.textContent = json;
  document.body.appendChild(block);
}

function mount(values: unknown[]) {
  const container = document.createElement("div");
  document.body.appendChild(container);
  const root = createRoot(container);
  const render = (next: unknown[]) =>
    act(() =>
      root.render(
        h(IntlProvider, {
          locale: "en",
          messages: {},
          children: h(FormattedTextsProvider, null, h(Amounts, { values: next })),
        }),
      ),
    );
  render(values);
  const texts = () => [...container.querySelectorAll("li")].map((li) => li.textContent);
  return { texts, render, unmount: () => act(() => root.unmount()) };
}

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("the browser's formatted texts", () => {
  it("shows the server's text for a value and makes the others with Intl", () => {
    // A text Intl would never make proves it came from the page.
    addBlock(JSON.stringify([["m|en|USD|10", "ten dollars (server)"]]));
    const page = mount([10, 20]);
    expect(page.texts()).toEqual(["ten dollars (server)", formatMoney(20, "USD", "en")]);
    page.unmount();
  });

  it("reads a block streamed after its first render on the next value it lacks", () => {
    addBlock(JSON.stringify([["m|en|USD|1", "one (first block)"]]));
    const page = mount([1]);
    addBlock(JSON.stringify([["m|en|USD|2", "two (streamed block)"]]));
    page.render([1, 2]);
    expect(page.texts()).toEqual(["one (first block)", "two (streamed block)"]);
    page.unmount();
  });

  it("formats anew when a block is damaged", () => {
    addBlock("[[not json");
    const page = mount([10]);
    expect(page.texts()).toEqual([formatMoney(10, "USD", "en")]);
    page.unmount();
  });
});

describe("makeFormatters", () => {
  it("keys a text by kind, locale, currency and value, and remembers only through the store", () => {
    const remembered = new Map<string, string>();
    const format = makeFormatters("es", {
      lookup: (key) => remembered.get(key),
      remember: (key, text) => remembered.set(key, text),
    });
    expect(format.money(5, "EUR")).toBe(formatMoney(5, "EUR", "es"));
    format.date("2024-01-05");
    format.percent(12.5);
    format.number(1234);
    format.minorMoney(250, "USD");
    expect([...remembered.keys()]).toEqual([
      "m|es|EUR|5",
      "d|es||2024-01-05",
      "p|es||12.5",
      "n|es||1234",
      "c|es|USD|250",
    ]);
  });

  it("does not remember values without a stable key", () => {
    const remember = vi.fn();
    const format = makeFormatters("en", { lookup: () => undefined, remember });
    format.money(null, "USD");
    format.date(undefined);
    expect(remember).not.toHaveBeenCalled();
  });
});
