import { afterEach, describe, expect, it, vi } from "vitest";
import { openPendingTab } from "@/components/tables/cells/open-link";

type FakeTab = {
  opener: unknown;
  closed: boolean;
  close: () => void;
  location: { replace: (url: string) => void };
};

function fakeWindow(tab: FakeTab | null) {
  const open = vi.fn((..._args: unknown[]) => tab);
  vi.stubGlobal("window", { open, location: { origin: "http://localhost:3000" } });
  return open;
}

function makeTab(): FakeTab & { replace: ReturnType<typeof vi.fn> } {
  const replace = vi.fn();
  const tab = {
    opener: {} as unknown,
    closed: false,
    close: () => {
      tab.closed = true;
    },
    location: { replace },
    replace,
  };
  return tab;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("openPendingTab: the tab opens within the click, the URL comes later", () => {
  it("opens an empty tab at once and cuts its opener", () => {
    const tab = makeTab();
    const open = fakeWindow(tab);
    openPendingTab();
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(tab.opener).toBeNull();
  });

  it("loads the URL into that tab, replacing the blank entry", () => {
    const tab = makeTab();
    const open = fakeWindow(tab);
    openPendingTab().go("https://pay.example/hosted/pay-now/1?cp_request=true");
    expect(tab.replace).toHaveBeenCalledWith(
      "https://pay.example/hosted/pay-now/1?cp_request=true",
    );
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("closes the empty tab when no link comes", () => {
    const tab = makeTab();
    fakeWindow(tab);
    openPendingTab().cancel();
    expect(tab.closed).toBe(true);
    expect(tab.replace).not.toHaveBeenCalled();
  });

  it("opens the URL without an opener when the browser refused the empty tab", () => {
    const open = fakeWindow(null);
    const pending = openPendingTab();
    pending.go("https://pay.example/x");
    expect(open).toHaveBeenLastCalledWith("https://pay.example/x", "_blank", "noopener,noreferrer");
    expect(() => pending.cancel()).not.toThrow();
  });
});
