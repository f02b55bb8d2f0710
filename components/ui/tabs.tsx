"use client";

import {
  createContext,
  use,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { cx } from "./cx";

// The WAI-ARIA tabs pattern (APG "Tabs"), small enough to ship on first paint: roving focus with
// the arrow keys, Home and End; selection follows focus, or waits for Enter/Space when manual.

type TabsState = {
  value: string;
  select: (value: string) => void;
  manual: boolean;
  baseId: string;
};

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = use(TabsContext);
  if (!state) throw new Error("Tabs parts must be inside <Tabs>");
  return state;
}

const idOf = (baseId: string, part: "tab" | "panel", value: string) => `${baseId}-${part}-${value}`;

/** Tabs with an underline on the active one; controlled (`value`) or not (`defaultValue`). */
export function Tabs({
  value: controlled,
  defaultValue = "",
  onValueChange,
  activationMode = "automatic",
  className,
  children,
}: {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  activationMode?: "automatic" | "manual";
  className?: string;
  children?: ReactNode;
}) {
  const [own, setOwn] = useState(defaultValue);
  const baseId = useId();
  const value = controlled ?? own;
  const select = (next: string) => {
    if (next === value) return;
    if (controlled === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext value={{ value, select, manual: activationMode === "manual", baseId }}>
      <div className={className}>{children}</div>
    </TabsContext>
  );
}

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  const { manual, select } = useTabs();
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const step = NEXT_KEYS[event.key];
    if (!step || event.defaultPrevented) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const at = tabs.findIndex((tab) => tab === document.activeElement);
    const target = tabs[step(at < 0 ? 0 : at, tabs.length)];
    if (!target) return;
    event.preventDefault();
    target.focus();
    if (!manual && target.dataset.value) select(target.dataset.value);
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cx(
        "border-border flex w-full min-w-0 [scrollbar-width:thin] gap-1 overflow-x-auto border-b",
        className,
      )}
      onKeyDown={move}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  ...props
}: Omit<ComponentProps<"button">, "value"> & { value: string }) {
  const state = useTabs();
  const active = state.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(state.baseId, "tab", value)}
      aria-selected={active}
      aria-controls={idOf(state.baseId, "panel", value)}
      tabIndex={active ? 0 : -1}
      data-state={active ? "active" : "inactive"}
      data-value={value}
      onClick={() => state.select(value)}
      className={cx(
        "text-muted-foreground hover:text-foreground data-[state=active]:border-primary data-[state=active]:text-foreground focus-visible:outline-primary -mb-px shrink-0 rounded-t-lg border-b-2 border-transparent px-4 py-2.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px]",
        className,
      )}
      {...props}
    />
  );
}

/** A tab's panel: hidden and empty while its tab is not active, so every tab's aria-controls resolves. */
export function TabsContent({
  value,
  className,
  children,
  ...props
}: Omit<ComponentProps<"div">, "value"> & { value: string }) {
  const state = useTabs();
  const active = state.value === value;
  return (
    <div
      role="tabpanel"
      id={idOf(state.baseId, "panel", value)}
      aria-labelledby={idOf(state.baseId, "tab", value)}
      hidden={!active}
      tabIndex={active ? 0 : undefined}
      data-state={active ? "active" : "inactive"}
      // A Tab stop shows where it is: the page's own :focus-visible ring (WCAG 2.4.7).
      className={cx("pt-4", className)}
      {...props}
    >
      {active ? children : null}
    </div>
  );
}
