// @vitest-environment jsdom
import { IntlProvider } from "next-intl";
import { act, createElement as h, useEffect, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DialogHost } from "@/components/dialogs/dialog-host";
import { alertDialog, confirmationDialog } from "@/components/dialogs/dialogs";
import { DialogProvider, useDialogs, type DialogStore } from "@/lib/dialogs";
import { getMessages } from "@/lib/i18n/messages";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let store: DialogStore;

function Capture({ onStore }: { onStore: (value: DialogStore) => void }) {
  const value = useDialogs();
  useEffect(() => onStore(value), [value, onStore]);
  return null;
}

const keepStore = (value: DialogStore) => {
  store = value;
};

const catalogues = { en: await getMessages("en"), es: await getMessages("es") };

function renderHost(locale: "en" | "es" = "en") {
  const tree: ReactNode = h(IntlProvider, {
    locale,
    messages: catalogues[locale],
    timeZone: "America/New_York",
    children: h(DialogProvider, null, h(Capture, { onStore: keepStore }), h(DialogHost)),
  });
  act(() => root.render(tree));
}

/** The frame and bodies load on first use (React.lazy): let them arrive and render. */
async function loaded() {
  // The frame's chunk comes first, then the body's: wait for each wave of imports.
  for (let wave = 0; wave < 3; wave += 1) {
    await act(async () => {
      await vi.dynamicImportSettled();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

const dialogs = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"]')];
const button = (dialog: HTMLElement, name: string) =>
  [...dialog.querySelectorAll<HTMLButtonElement>("button")].find(
    (b) => (b.getAttribute("aria-label") ?? b.textContent?.trim()) === name,
  );
const titleOf = (dialog: HTMLElement) =>
  document.getElementById(dialog.getAttribute("aria-labelledby") ?? "")?.textContent;

beforeEach(() => {
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  document.body.innerHTML = "";
});

describe("DialogHost", () => {
  it("shows an alert titled 'Error' with an OK button, and closes on OK", async () => {
    renderHost();
    const onOkay = vi.fn();
    act(() => void store.show({ kind: alertDialog, message: "Something failed", onOkay }));
    await loaded();
    const [dialog] = dialogs();
    expect(dialog).toBeDefined();
    expect(titleOf(dialog!)).toBe("Error");
    expect(dialog!.textContent).toContain("Something failed");
    await act(async () => button(dialog!, "OK")!.click());
    expect(onOkay).toHaveBeenCalledTimes(1);
    expect(dialogs()).toHaveLength(0);
  });

  it("has a close icon with an accessible name that cancels", async () => {
    renderHost("es");
    const onCancel = vi.fn();
    act(() => void store.show({ kind: confirmationDialog, title: "¿Borrar?", onCancel }));
    await loaded();
    const [dialog] = dialogs();
    expect(button(dialog!, "Cerrar")).toBeDefined();
    await act(async () => button(dialog!, "Cerrar")!.click());
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(dialogs()).toHaveLength(0);
  });

  it("keeps a confirmation open while its handler's promise is pending", async () => {
    renderHost();
    let finish!: (value: boolean) => void;
    const pending = new Promise<boolean>((resolve) => (finish = resolve));
    act(
      () =>
        void store.show({ kind: confirmationDialog, message: "Delete?", onOkay: () => pending }),
    );
    await loaded();
    const [dialog] = dialogs();
    await act(async () => button(dialog!, "OK")!.click());
    expect(dialogs()).toHaveLength(1);
    expect(button(dialogs()[0]!, "OK")!.getAttribute("aria-busy")).toBe("true");
    await act(async () => finish(true));
    expect(dialogs()).toHaveLength(0);
  });

  it("puts a newly shown dialog on top of the stack", async () => {
    renderHost();
    act(() => void store.show({ kind: alertDialog, title: "First" }));
    act(() => void store.show({ kind: confirmationDialog, title: "Second" }));
    await loaded();
    const titles = dialogs().map(titleOf);
    expect(titles).toHaveLength(2);
    // The front of the stack is mounted last, so it is on top.
    expect(titles.at(-1)).toBe("Second");
  });

  it("titles a confirmation 'Please confirm' by default and follows a body's new title", async () => {
    renderHost();
    let id = "";
    act(() => void (id = store.show({ kind: confirmationDialog, message: "Sure?" })));
    await loaded();
    expect(titleOf(dialogs()[0]!)).toBe("Please confirm");
    act(() => store.retitle(id, "Step two"));
    expect(titleOf(dialogs()[0]!)).toBe("Step two");
  });
});
