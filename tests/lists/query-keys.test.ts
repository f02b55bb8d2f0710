import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { defaultListView, readListView, serializeListView, withSort } from "@/lib/lists/params";
import { accountKeys, listKeys } from "@/lib/lists/queries";

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

describe("list query keys", () => {
  const view = withSort(defaultListView("invoices"), { column: "balance", direction: "asc" });

  it("are hierarchical", () => {
    const page = listKeys.page("invoices", "c1", view);
    expect(startsWith(page, listKeys.pages("invoices", "c1"))).toBe(true);
    expect(startsWith(page, listKeys.list("invoices"))).toBe(true);
    expect(startsWith(listKeys.total("invoices", "c1", []), listKeys.list("invoices"))).toBe(true);
    expect(startsWith(listKeys.config("invoices", "c1"), listKeys.all)).toBe(true);
    expect(
      startsWith(listKeys.instances("invoices", "status", "pa"), listKeys.list("invoices")),
    ).toBe(true);
    expect(startsWith(listKeys.list("payments"), listKeys.list("invoices"))).toBe(false);
  });

  it("match for the server's and the browser's reading of the same URL", () => {
    const url = serializeListView("invoices", view);
    expect(listKeys.page("invoices", "c1", readListView("invoices", url))).toEqual(
      listKeys.page("invoices", "c1", view),
    );
  });

  it("invalidate by prefix", async () => {
    const client = new QueryClient();
    client.setQueryData(listKeys.page("invoices", "c1", view), { rows: [] });
    client.setQueryData(listKeys.total("invoices", "c1", []), 3);
    client.setQueryData(listKeys.page("payments", "c1", defaultListView("payments")), { rows: [] });
    client.setQueryData(accountKeys.detail("c1"), { balance: 1 });
    await client.invalidateQueries({ queryKey: listKeys.list("invoices") });
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[1]);
    expect(stale.sort()).toEqual(["invoices", "invoices"]);
    client.clear();
  });
});
