import { describe, expect, it } from "vitest";
import { resolveTab, tabSwitchHref } from "@/lib/dashboard/tabs";
import { LIST_IDS, type ListId } from "@/lib/lists/definitions";
import {
  defaultListView,
  effectiveSort,
  listViewParsers,
  parseFiltersParam,
  readListView,
  restrictFiltersToConfiguration,
  serializeFiltersParam,
  serializeListView,
  sortAfterClick,
  toUpstreamQuery,
  withFilterAdded,
  withFilterRemoved,
  withPageIndex,
  withPageSize,
  withSort,
  type ListView,
} from "@/lib/lists/params";

const busyInvoices: ListView = {
  pageIndex: 3,
  size: 20,
  sort: { column: "due_date", direction: "asc" },
  filters: [
    { field: "status", operator: "equal", value: "unpaid" },
    { field: "total", operator: "gt", value: "100.5" },
    { field: "date", operator: "gte", value: "2024-01-01" },
    { field: "invoice_id", operator: "like", value: "a,b%c.d e+f&g#h" },
    { field: "invoice_id", operator: "is_not_present", value: null },
    { field: "region_code", operator: "not_equal", value: "North, East" },
  ],
};

describe("URL round trip (serialize → read)", () => {
  it("gives back a busy view", () => {
    const query = serializeListView("invoices", busyInvoices);
    expect(readListView("invoices", query)).toEqual(busyInvoices);
    expect(readListView("invoices", new URLSearchParams(query))).toEqual(busyInvoices);
  });

  it.each(LIST_IDS)("gives back the default view of %s as ?tab= only", (list: ListId) => {
    const query = serializeListView(list, defaultListView(list));
    expect(query).toBe(`?tab=${list}`);
    expect(readListView(list, query)).toEqual(defaultListView(list));
  });

  it("writes a readable URL", () => {
    expect(
      serializeListView("payments", {
        pageIndex: 1,
        size: 50,
        sort: { column: "payment_amount", direction: "desc" },
        filters: [
          { field: "status", operator: "equal", value: "failed" },
          { field: "auto_apply", operator: "equal", value: "true" },
        ],
      }),
    ).toBe(
      "?tab=payments&page=2&size=50&sort=payment_amount.desc&filters=status.eq.failed,auto_apply.eq.true",
    );
  });

  it("reads the page one-based and keeps it zero-based", () => {
    expect(readListView("usages", { page: "1" }).pageIndex).toBe(0);
    expect(readListView("usages", { page: "7" }).pageIndex).toBe(6);
  });

  it("reads Next's searchParams object, taking the first of repeated keys", () => {
    expect(readListView("credits", { page: ["2", "9"], size: "5" })).toMatchObject({
      pageIndex: 1,
      size: 5,
    });
  });
});

describe("garbage in the URL falls back field by field", () => {
  it.each(["0", "-1", "abc", "1.5", "2x", "99999999", ""])("page=%j → page one", (page) => {
    expect(readListView("invoices", { page, size: "20" })).toMatchObject({
      pageIndex: 0,
      size: 20,
    });
  });

  it.each(["7", "500", "ten", "0", ""])("size=%j → the default size", (size) => {
    expect(readListView("invoices", { size, page: "3" })).toMatchObject({ size: 10, pageIndex: 2 });
  });

  it.each([
    "invoice_ids.asc", // not sortable
    "url.desc",
    "secret.asc",
    "due_date.up",
    "due_date",
    ".asc",
    "due_date asc",
  ])("sort=%j → no sort", (sort) => {
    expect(readListView("invoices", { sort, page: "2" })).toMatchObject({
      sort: null,
      pageIndex: 1,
    });
  });

  it("whitelists sort columns per list", () => {
    expect(readListView("payments", { sort: "invoice_ids.asc" }).sort).toBeNull();
    expect(readListView("statements", { sort: "url.asc" }).sort).toBeNull();
    expect(readListView("statements", { sort: "statement_date.asc" }).sort).toEqual({
      column: "statement_date",
      direction: "asc",
    });
  });

  it("drops only the bad filter entries", () => {
    const filters = parseFiltersParam(
      "invoices",
      [
        "status.eq.paid", // kept
        "nosuch field.eq.x", // bad name
        "total.like.5", // operator not allowed for a number
        "total.gt.five", // bad number
        "date.eq.2024-02-30", // bad date
        "due_date.gt.2024-01-01", // gt not offered for dates
        "invoice_amount.eq.5", // a built-in column, not a filter field
        "status.eq", // no value
        "status.zz.paid", // unknown operator
        "region.eq.north", // custom field: kept
        "balance.lt.-3.5", // kept
        "Status.eq.paid", // custom-field syntax: kept, until the configuration says otherwise
      ].join(","),
    );
    expect(filters).toEqual([
      { field: "status", operator: "equal", value: "paid" },
      { field: "region", operator: "equal", value: "north" },
      { field: "balance", operator: "lt", value: "-3.5" },
      { field: "Status", operator: "equal", value: "paid" },
    ]);
  });

  it("keeps the other keys when filters are garbage", () => {
    expect(readListView("usages", { filters: ",,,..%%", page: "2", size: "50" })).toEqual({
      pageIndex: 1,
      size: 50,
      sort: null,
      filters: [],
    });
  });

  it("keeps at most 20 filters and no duplicates", () => {
    const many = Array.from({ length: 30 }, (_, i) => `quantity.gt.${i}`);
    expect(parseFiltersParam("usages", [...many, "quantity.gt.0"].join(","))).toHaveLength(20);
    expect(parseFiltersParam("usages", "quantity.gt.1,quantity.gt.1")).toHaveLength(1);
  });

  it("refuses a value over 200 characters", () => {
    expect(parseFiltersParam("usages", `description.like.${"x".repeat(201)}`)).toEqual([]);
    expect(parseFiltersParam("usages", `description.like.${"x".repeat(200)}`)).toHaveLength(1);
  });

  it("never throws on odd input", () => {
    for (const input of ["%", "?page=%E0%A4%A", "filters=%2C%2C", { page: undefined }, ""])
      expect(readListView("credits", input)).toEqual(defaultListView("credits"));
  });
});

describe("filters value encoding", () => {
  it("escapes only % and , inside values", () => {
    expect(
      serializeFiltersParam([{ field: "description", operator: "like", value: "50%, off.now" }]),
    ).toBe("description.like.50%25%2C off.now");
    expect(parseFiltersParam("usages", "description.like.50%25%2C off.now")).toEqual([
      { field: "description", operator: "like", value: "50%, off.now" },
    ]);
  });
});

describe("tab decision (spec 001 §2)", () => {
  const enabled = ["statements", "payments", "invoices"];

  it("keeps an enabled tab", () => {
    expect(resolveTab("payments", enabled)).toEqual({ tab: "payments", replace: false });
  });

  it.each([null, undefined, "", "usages", "nonsense"])(
    "falls back to the first enabled tab in the bar's order for %j, by replacement",
    (raw) => {
      expect(resolveTab(raw, enabled)).toEqual({ tab: "invoices", replace: true });
    },
  );

  it("includes subscriptions when enabled", () => {
    expect(resolveTab(null, ["subscriptions", "statements"])).toEqual({
      tab: "subscriptions",
      replace: true,
    });
  });

  it("has no tab when none is enabled", () => {
    expect(resolveTab("invoices", [])).toEqual({ tab: null, replace: false });
  });

  it("switches tabs from the new tab's defaults", () => {
    expect(tabSwitchHref("credits")).toBe("?tab=credits");
    expect(readListView("credits", tabSwitchHref("credits"))).toEqual(defaultListView("credits"));
  });
});

describe("a click on a column header", () => {
  const byDate = { column: "invoice_date", direction: "desc" } as const;

  it.each([
    ["text", "asc"],
    ["status", "asc"],
    ["date", "asc"],
    ["timestamp", "asc"],
    ["money", "desc"],
    ["number", "desc"],
    ["boolean", "desc"],
    ["overdue", "desc"],
    ["creditBalance", "desc"],
  ] as const)("sorts another %s column %s first", (kind, direction) => {
    expect(sortAfterClick(byDate, { id: "x", kind })).toEqual({ column: "x", direction });
  });

  it("reverses the sorted column, whatever its first direction", () => {
    expect(sortAfterClick(byDate, { id: "invoice_date", kind: "date" })).toEqual({
      column: "invoice_date",
      direction: "asc",
    });
    const byTotal = { column: "invoice_amount", direction: "asc" } as const;
    expect(sortAfterClick(byTotal, { id: "invoice_amount", kind: "money" })).toEqual({
      column: "invoice_amount",
      direction: "desc",
    });
  });
});

describe("transitions back to page one (spec 001 §4)", () => {
  it("on a filter change", () => {
    const added = withFilterAdded(busyInvoices, { field: "balance", operator: "gt", value: "0" });
    expect(added.pageIndex).toBe(0);
    expect(added.filters).toHaveLength(7);
    const removed = withFilterRemoved({ ...busyInvoices, pageIndex: 2 }, 0);
    expect(removed.pageIndex).toBe(0);
    expect(removed.filters[0]).toEqual(busyInvoices.filters[1]);
  });

  it("on a sort change and a page-size change", () => {
    expect(withSort(busyInvoices, null)).toMatchObject({ sort: null, pageIndex: 0 });
    expect(withPageSize(busyInvoices, 5)).toMatchObject({ size: 5, pageIndex: 0 });
  });

  it("but not on paging", () => {
    expect(withPageIndex(busyInvoices, 4)).toEqual({ ...busyInvoices, pageIndex: 4 });
    expect(withPageIndex(busyInvoices, -2).pageIndex).toBe(0);
  });
});

describe("custom fields once the configuration is known", () => {
  const customFields = [
    { apiName: "region", label: "Region", fieldType: "text" },
    { apiName: "score", label: "Score", fieldType: "percentage" },
    { apiName: "scan", label: "Scan", fieldType: "file_upload" },
  ];

  it("drops unknown, unfilterable and mistyped ones and keeps the built-ins", () => {
    const filters = parseFiltersParam(
      "invoices",
      "region.like.no,score.gt.5,score.like.5,score.gt.high,scan.eq.x,ghost.eq.y,status.eq.paid",
    );
    expect(restrictFiltersToConfiguration("invoices", filters, customFields)).toEqual([
      { field: "region", operator: "like", value: "no" },
      { field: "score", operator: "gt", value: "5" },
      { field: "status", operator: "equal", value: "paid" },
    ]);
  });
});

describe("GET /v1/<module> query", () => {
  it("sends the page one-based, size, sort `column dir`, flags and filter labels", () => {
    expect(toUpstreamQuery("invoices", busyInvoices, { initial: true, withTotal: false })).toEqual({
      page: "4",
      size: "20",
      sort: "due_date asc",
      initial_req: "true",
      with_total: "false",
      "filter_options[invoices][0][status]": "posted",
      "filter_options[invoices][1][total][gt]": "100.5",
      "filter_options[invoices][2][date][gte]": "2024-01-01",
      "filter_options[invoices][3][invoice_id]": "/a,b%c\\.d e\\+f&g#h/i",
      "filter_options[invoices][4][invoice_id][not]": "/.+/",
      "filter_options[invoices][5][region_code][not]": "North, East",
    });
  });

  it("leaves the sort to the upstream when the URL has none", () => {
    const query = toUpstreamQuery("usages", defaultListView("usages"), {
      initial: false,
      withTotal: true,
    });
    expect(query).toEqual({ page: "1", size: "10", initial_req: "false", with_total: "true" });
  });

  it("leaves out custom-field filters the configuration does not allow", () => {
    const query = toUpstreamQuery("invoices", busyInvoices, {
      initial: false,
      withTotal: true,
      customFields: [],
    });
    expect(Object.keys(query).filter((k) => k.startsWith("filter_options"))).toHaveLength(5);
    expect(query).not.toHaveProperty("filter_options[invoices][5][region_code][not]");
  });
});

describe("the sort the table shows", () => {
  it("is the URL's, else the saved one, else the list's default", () => {
    const saved = { column: "balance", direction: "asc" } as const;
    expect(effectiveSort("invoices", busyInvoices, saved)).toEqual(busyInvoices.sort);
    expect(effectiveSort("invoices", defaultListView("invoices"), saved)).toEqual(saved);
    expect(effectiveSort("invoices", defaultListView("invoices"), null)).toEqual({
      column: "invoice_date",
      direction: "desc",
    });
  });
});

describe("the hook's parsers", () => {
  it("are the same object on every call", () => {
    expect(listViewParsers("payments")).toBe(listViewParsers("payments"));
  });
});
