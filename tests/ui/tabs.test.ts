// @vitest-environment jsdom
import { act, createElement as h, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let changes: string[] = [];

const VALUES = ["invoices", "payments", "usages"];

function Harness({ manual }: { manual: boolean }) {
  const [value, setValue] = useState("invoices");
  return h(
    Tabs,
    {
      value,
      activationMode: manual ? "manual" : "automatic",
      onValueChange: (next: string) => {
        changes.push(next);
        setValue(next);
      },
    },
    h(
      TabsList,
      { "aria-label": "Lists" },
      VALUES.map((v) => h(TabsTrigger, { key: v, value: v }, v.toUpperCase())),
    ),
    VALUES.map((v) => h(TabsContent, { key: v, value: v }, `Panel ${v}`)),
  );
}

const tabs = () => [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
const tab = (name: string) => tabs().find((t) => t.textContent === name)!;
const key = (target: Element, k: string) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
  });

beforeEach(() => {
  changes = [];
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe("Tabs (WAI-ARIA tabs pattern)", () => {
  it("names a tablist, marks the selected tab and ties each tab to its panel", () => {
    act(() => root.render(h(Harness, { manual: true })));
    const list = document.querySelector('[role="tablist"]')!;
    expect(list.getAttribute("aria-label")).toBe("Lists");
    expect(tabs().map((t) => t.getAttribute("aria-selected"))).toEqual(["true", "false", "false"]);
    // Only the selected tab is in the tab order; arrows reach the others.
    expect(tabs().map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    for (const t of tabs()) {
      const panel = document.getElementById(t.getAttribute("aria-controls")!);
      expect(panel?.getAttribute("role")).toBe("tabpanel");
      expect(panel?.getAttribute("aria-labelledby")).toBe(t.id);
    }
    const visible = [...document.querySelectorAll<HTMLElement>('[role="tabpanel"]')].filter(
      (p) => !p.hidden,
    );
    expect(visible.map((p) => p.textContent)).toEqual(["Panel invoices"]);
  });

  it("moves focus with the arrow keys, Home and End, wrapping; manual tabs select on Enter or click only", () => {
    act(() => root.render(h(Harness, { manual: true })));
    act(() => tab("INVOICES").focus());
    key(document.activeElement!, "ArrowRight");
    expect(document.activeElement).toBe(tab("PAYMENTS"));
    key(document.activeElement!, "End");
    expect(document.activeElement).toBe(tab("USAGES"));
    key(document.activeElement!, "ArrowRight");
    expect(document.activeElement).toBe(tab("INVOICES"));
    key(document.activeElement!, "ArrowLeft");
    expect(document.activeElement).toBe(tab("USAGES"));
    key(document.activeElement!, "Home");
    expect(document.activeElement).toBe(tab("INVOICES"));
    expect(changes).toEqual([]);
    key(document.activeElement!, "ArrowRight");
    act(() => (document.activeElement as HTMLButtonElement).click());
    expect(changes).toEqual(["payments"]);
    expect(tab("PAYMENTS").getAttribute("aria-selected")).toBe("true");
  });

  it("selects as focus moves when activation is automatic", () => {
    act(() => root.render(h(Harness, { manual: false })));
    act(() => tab("INVOICES").focus());
    key(document.activeElement!, "ArrowRight");
    expect(changes).toEqual(["payments"]);
    expect(tab("PAYMENTS").getAttribute("aria-selected")).toBe("true");
  });
});
