"use client";

import {
  createElement,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from "react";

/**
 * A module fetched once, on first use, and shared by every component that shows it. Menus,
 * popovers and tooltips ship their positioning code this way: the page's first paint carries
 * a plain button, and the real control arrives when a pointer or focus reaches it.
 */
export type Loadable<T> = { start: () => Promise<T>; useLoaded: () => T | null };

export function loadable<T>(load: () => Promise<T>): Loadable<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const start = () =>
    (pending ??= load().then(
      (loaded) => {
        value = loaded;
        for (const listener of listeners) listener();
        return loaded;
      },
      (error: unknown) => {
        // A failed chunk (offline a moment) may be asked for again on the next use.
        pending = null;
        throw error;
      },
    ));
  return {
    start,
    useLoaded: () =>
      useSyncExternalStore(
        subscribe,
        () => value,
        () => null,
      ),
  };
}

/** How the loaded control starts: open if the user already asked, focused if its placeholder was. */
export type Opening = { defaultOpen: boolean; autoFocus: boolean };

/** Handlers a placeholder spreads on its button: they start the load and remember what was asked. */
export type IntentHandlers = {
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onTouchStart: () => void;
  onFocus: (event: FocusEvent) => void;
  onBlur: () => void;
  onPointerDown: (event: PointerEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onClick: () => void;
};

/** What opens the control: a menu opens on pointer-down and arrow keys (as Radix menus do), a popover on click, a tooltip on hover or focus. */
export type OpensOn = "press" | "click" | "hover";

const MENU_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * Renders `placeholder` (a button looking and named like the real trigger) until the control's
 * module has loaded, then the control itself, opened and focused as the user left the placeholder.
 */
export function LoadOnUse<P extends object>({
  control,
  props,
  opensOn,
  placeholder,
}: {
  control: Loadable<ComponentType<P & Opening>>;
  props: P;
  opensOn: OpensOn;
  placeholder: (handlers: IntentHandlers) => ReactNode;
}) {
  const Control = control.useLoaded();
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [pressed, setPressed] = useState(false);
  // The loaded component is a module's export, the same on every render (not made during render).
  // While the placeholder is pressed it stays, even if the code has arrived: swapped under the
  // pointer, the release would land on another button and the click on neither (Chromium sends it
  // to their common ancestor), so a popover that opens on click would not open.
  if (Control && !pressed)
    return createElement(Control, { ...props, defaultOpen: open, autoFocus: focused });

  const ask = () => {
    setOpen(true);
    void control.start();
  };
  const load = () => void control.start();
  const handlers: IntentHandlers = {
    onPointerEnter: () => {
      load();
      if (opensOn === "hover") setOpen(true);
    },
    onPointerLeave: () => {
      if (opensOn === "hover") setOpen(false);
    },
    onTouchStart: load,
    onFocus: (event) => {
      // Focus from a click counts too: the loaded trigger takes it over (autoFocus).
      if (event.target === event.currentTarget) setFocused(true);
      load();
      if (opensOn === "hover") setOpen(true);
    },
    onBlur: () => {
      setFocused(false);
      if (opensOn === "hover") setOpen(false);
    },
    onPointerDown: (event) => {
      if (event.button !== 0 || event.ctrlKey) return;
      setPressed(true);
      // The click follows the release in the same task: the swap waits until after it.
      const release = () => {
        window.removeEventListener("pointerup", release, true);
        window.removeEventListener("pointercancel", release, true);
        setTimeout(() => setPressed(false), 0);
      };
      window.addEventListener("pointerup", release, true);
      window.addEventListener("pointercancel", release, true);
      if (opensOn === "press") ask();
    },
    onKeyDown: (event) => {
      if (opensOn === "press" && MENU_KEYS.has(event.key)) {
        event.preventDefault();
        ask();
      }
    },
    onClick: () => {
      // Assistive technology clicks without pointer events; a popover opens on any click.
      if (opensOn !== "hover") ask();
    },
  };
  return placeholder(handlers);
}
