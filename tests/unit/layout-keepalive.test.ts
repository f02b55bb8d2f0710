import { afterEach, describe, expect, it, vi } from "vitest";
import { saveLayoutKeepalive } from "@/lib/lists/layout-keepalive";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("saveLayoutKeepalive: PUT /api/lists/:list/layout that outlives the page", () => {
  it("sends the widths with keepalive and the BFF's CSRF and JSON headers", async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await saveLayoutKeepalive("invoices", { kind: "widths", widths: { due_date: 260 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/lists/invoices/layout");
    expect(init.method).toBe("PUT");
    expect(init.keepalive).toBe(true);
    expect(init.credentials).toBe("same-origin");
    expect(init.headers).toMatchObject({ "X-CSRF": "1", "Content-Type": "application/json" });
    expect(JSON.parse(String(init.body))).toEqual({ kind: "widths", widths: { due_date: 260 } });
  });

  it("rejects when the BFF refuses the save, so the change is put back", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 403 })),
    );
    await expect(
      saveLayoutKeepalive("usages", { kind: "widths", widths: { date: 200 } }),
    ).rejects.toThrow(/403/);
  });
});
