// The server's render remembers every text it formats and sends the list beside the HTML as a
// JSON data block, which the browser's first render reads instead of starting Intl.
import { IntlProvider } from "next-intl";
import { ServerInsertedHTMLContext } from "next/dist/shared/lib/server-inserted-html.shared-runtime";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormattedTextsProvider, useFormatters } from "@/components/format/formatted-texts";
import { formatMoney } from "@/lib/format/money";

function Amount({ value, currency }: { value: unknown; currency: string }) {
  return h("span", null, useFormatters().money(value, currency));
}

/** Renders on the server as Next.js does, and returns the HTML and what was inserted beside it. */
function renderOnServer(tree: ReactNode) {
  const callbacks: (() => ReactNode)[] = [];
  const html = renderToStaticMarkup(
    h(
      ServerInsertedHTMLContext.Provider,
      { value: (callback: () => ReactNode) => callbacks.push(callback) },
      h(IntlProvider, {
        locale: "en",
        messages: {},
        children: h(FormattedTextsProvider, null, tree),
      }),
    ),
  );
  const inserted = callbacks.map((callback) => renderToStaticMarkup(h("div", null, callback())));
  return { html, inserted: inserted.join("") };
}

describe("the server's formatted texts", () => {
  it("sends every text the page showed, once, as a data block the browser can read", () => {
    const { html, inserted } = renderOnServer([
      h(Amount, { key: 1, value: 1234.5, currency: "USD" }),
      h(Amount, { key: 2, value: 1234.5, currency: "USD" }),
      h(Amount, { key: 3, value: "7", currency: "EUR" }),
    ]);
    expect(html).toContain(formatMoney(1234.5, "USD", "en"));
    const block = /<script type="application\/json" data-formatted-texts="">(.*?)<\/script>/.exec(
      inserted,
    );
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual([
      ["m|en|USD|1234.5", formatMoney(1234.5, "USD", "en")],
      ["m|en|EUR|7", formatMoney("7", "EUR", "en")],
    ]);
  });

  it("cannot close its block, whatever a text holds", () => {
    const { inserted } = renderOnServer(h(Amount, { value: "</script><b>x", currency: "USD" }));
    const body = /data-formatted-texts="">(.*?)<\/script>/.exec(inserted)![1]!;
    expect(body).not.toContain("<");
    expect(JSON.parse(body)[0][0]).toBe("m|en|USD|</script><b>x");
  });

  it("inserts nothing when the page formatted nothing", () => {
    expect(renderOnServer(h("p", null, "plain")).inserted).toBe("<div></div>");
  });
});
