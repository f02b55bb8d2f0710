// A stand-in for the tab `window.open` hands back, for the links that open their tab within the
// click (components/tables/cells/open-link.ts).
import { vi } from "vitest";

/** A stand-in for the tab window.open hands back: its opener, location and whether it closed. */
export function fakeTab() {
  const tab = {
    opener: window as unknown,
    closed: false,
    close: vi.fn(() => {
      tab.closed = true;
    }),
    location: { replace: vi.fn() },
  };
  return tab;
}

/** window.open answering a fresh fake tab per call; returns the spy and the tabs handed out. */
export function stubOpen() {
  const tabs: ReturnType<typeof fakeTab>[] = [];
  const open = vi.spyOn(window, "open").mockImplementation(() => {
    const tab = fakeTab();
    tabs.push(tab);
    return tab as unknown as Window;
  });
  return { open, tabs };
}
