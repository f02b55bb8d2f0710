// @vitest-environment jsdom
import { act, createElement as h } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoadOnUse, loadable, type Opening, type OpensOn } from "@/components/ui/load-on-use";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

/** A stand-in for a Radix menu: shows how it was asked to start. */
function Control({ label, defaultOpen, autoFocus }: { label: string } & Opening) {
  return h(
    "button",
    { type: "button", "data-loaded": "", "data-open": String(defaultOpen), autoFocus },
    label,
  );
}

function setup() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const load = vi.fn(async () => {
    await gate;
    return Control;
  });
  return { control: loadable(load), load, release };
}

function render(control: ReturnType<typeof setup>["control"], opensOn: OpensOn, labels: string[]) {
  act(() =>
    root.render(
      labels.map((label) =>
        h(LoadOnUse<{ label: string }>, {
          key: label,
          control,
          props: { label },
          opensOn,
          placeholder: (handlers) =>
            h("button", { type: "button", "aria-haspopup": "menu", ...handlers }, label),
        }),
      ),
    ),
  );
}

const buttons = () => [...container.querySelectorAll("button")];

/** A popover's placeholder hovered (the load starts) and pressed; the code arrives mid-press. */
async function pressWhileLoading() {
  const { control, release } = setup();
  render(control, "click", ["Filter"]);
  const placeholder = buttons()[0]!;
  act(() => {
    placeholder.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    placeholder.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0 }));
  });
  await loaded(release);
  return placeholder;
}
const loaded = async (release: () => void) => {
  await act(async () => {
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
};

beforeEach(() => {
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe("LoadOnUse: a control's code loads on first use", () => {
  it("shows the placeholder and loads nothing until a pointer or focus reaches it", () => {
    const { control, load } = setup();
    render(control, "press", ["Options"]);
    expect(buttons().map((b) => b.hasAttribute("data-loaded"))).toEqual([false]);
    expect(load).not.toHaveBeenCalled();
  });

  it("a press before the code arrived opens the loaded control, which keeps the focus", async () => {
    const { control, load, release } = setup();
    render(control, "press", ["Options", "More"]);
    const first = buttons()[0]!;
    act(() => first.focus());
    act(() => {
      first.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    });
    expect(load).toHaveBeenCalledTimes(1);
    await loaded(release);
    const [options, more] = buttons();
    expect(options?.dataset.open).toBe("true");
    expect(document.activeElement).toBe(options);
    // Loaded once for every instance; the others start closed.
    expect(more?.hasAttribute("data-loaded")).toBe(true);
    expect(more?.dataset.open).toBe("false");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("hovering loads the code without opening a menu; a tooltip opens while hovered", async () => {
    const menu = setup();
    render(menu.control, "press", ["Options"]);
    act(() => {
      buttons()[0]!.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    });
    expect(menu.load).toHaveBeenCalledTimes(1);
    await loaded(menu.release);
    expect(buttons()[0]?.dataset.open).toBe("false");

    const tip = setup();
    render(tip.control, "hover", ["Long text"]);
    act(() => {
      buttons()[0]!.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    });
    await loaded(tip.release);
    expect(buttons()[0]?.dataset.open).toBe("true");
  });

  it("a popover pressed while its code arrives keeps its button until the click, then opens", async () => {
    const placeholder = await pressWhileLoading();
    // Still pressed: the button under the pointer is the one that was pressed.
    expect(buttons()[0]).toBe(placeholder);
    await act(async () => {
      placeholder.dispatchEvent(new PointerEvent("pointerup", { bubbles: true, button: 0 }));
      placeholder.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(buttons()[0]?.hasAttribute("data-loaded")).toBe(true);
    expect(buttons()[0]?.dataset.open).toBe("true");
  });

  it("a popover pressed and released elsewhere (no click) stays closed when loaded", async () => {
    await pressWhileLoading();
    await act(async () => {
      document.body.dispatchEvent(new PointerEvent("pointerup", { bubbles: true, button: 0 }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(buttons()[0]?.hasAttribute("data-loaded")).toBe(true);
    expect(buttons()[0]?.dataset.open).toBe("false");
  });

  it("a popover only hovered, or pressed with another button, stays closed when loaded", async () => {
    const { control, release } = setup();
    render(control, "click", ["Filter"]);
    act(() => {
      const placeholder = buttons()[0]!;
      placeholder.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
      placeholder.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 2 }));
    });
    await loaded(release);
    expect(buttons()[0]?.dataset.open).toBe("false");
  });
});
