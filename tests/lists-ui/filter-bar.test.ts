// @vitest-environment jsdom
import { act, createElement as h, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FilterBar } from "@/components/tables/filters/filter-bar";
import type { ListId } from "@/lib/lists/definitions";
import { defaultListView, type ListView } from "@/lib/lists/params";
import type { CustomField } from "@/lib/schemas/lists";
import {
  blur,
  button,
  byLabel,
  cleanUp,
  click,
  findButton,
  press,
  renderWithProviders,
  selectOption,
  settle,
  typeInto,
  waitFor,
} from "./render";

const fetchFilterOptions = vi.hoisted(() => vi.fn());
vi.mock("@/lib/lists/bff", () => ({ fetchFilterOptions }));

const region: CustomField = {
  id: "cf-1",
  apiName: "region",
  label: "Region",
  fieldType: "text",
  required: false,
  defaultValue: null,
  dataType: null,
  filterType: "text",
  filterable: true,
};
const contract: CustomField = {
  ...region,
  id: "cf-2",
  apiName: "contract_pdf",
  label: "Contract",
  fieldType: "file_upload",
  filterType: null,
  filterable: false,
};

let changes: ListView[] = [];

function Harness({ list, initial }: { list: ListId; initial: ListView }) {
  const [view, setView] = useState(initial);
  return h(FilterBar, {
    list,
    view,
    customFields: [region, contract],
    onViewChange: (next: ListView) => {
      changes.push(next);
      setView(next);
    },
  });
}

function renderBar(list: ListId, initial: Partial<ListView> = {}) {
  renderWithProviders(h(Harness, { list, initial: { ...defaultListView(list), ...initial } }));
}

const popover = () => document.querySelector<HTMLElement>('[role="dialog"]');
const stepText = () => popover()?.textContent?.match(/Step \d of 3/)?.[0];
const optionLabels = (select: HTMLSelectElement) =>
  [...select.options].filter((o) => !o.disabled).map((o) => o.textContent);
const provisionalChip = () => document.querySelector<HTMLElement>("[data-provisional]");
const chipList = () => document.querySelector<HTMLElement>('ul[aria-label="Applied filters"]');

/** Opens the builder; its popover loads on first use, so wait for it. */
async function openBuilder() {
  click(button("Filter"));
  await waitFor(() => expect(popover()).not.toBeNull());
}

beforeEach(() => {
  changes = [];
  fetchFilterOptions.mockReset();
  fetchFilterOptions.mockResolvedValue([]);
});

afterEach(cleanUp);

describe("FilterBar: the three steps (spec 001 §4)", () => {
  it("opens at step 1 with the built-in fields, then the filterable custom fields", async () => {
    renderBar("invoices");
    await openBuilder();
    expect(stepText()).toBe("Step 1 of 3");
    const fields = optionLabels(byLabel<HTMLSelectElement>("Field"));
    expect(fields.slice(0, 4)).toEqual(["Invoice ID", "Invoice date", "Due date", "Status"]);
    expect(fields).toContain("Region");
    // A file upload is never filterable.
    expect(fields).not.toContain("Contract");
    expect(() => byLabel("Condition")).toThrow();
    expect(findButton("Apply")).toBeUndefined();
  });

  it("moves to step 2 on a field and offers the operators of its type, without Apply yet", async () => {
    renderBar("invoices");
    await openBuilder();
    selectOption(byLabel<HTMLSelectElement>("Field"), "total");
    expect(stepText()).toBe("Step 2 of 3");
    expect(optionLabels(byLabel<HTMLSelectElement>("Condition"))).toEqual([
      "is",
      "is not",
      "is greater than",
      "is less than",
    ]);
    expect(findButton("Apply")).toBeUndefined();
  });

  it("shows Apply once an operator is chosen, enabled only with a value", async () => {
    renderBar("invoices");
    await openBuilder();
    selectOption(byLabel<HTMLSelectElement>("Field"), "total");
    selectOption(byLabel<HTMLSelectElement>("Condition"), "gt");
    expect(stepText()).toBe("Step 3 of 3");
    expect(button("Apply").disabled).toBe(true);
    typeInto(byLabel<HTMLInputElement>("Value"), "100");
    expect(button("Apply").disabled).toBe(false);
    typeInto(byLabel<HTMLInputElement>("Value"), "  ");
    expect(button("Apply").disabled).toBe(true);
  });

  it("enables Apply for 'is present' with no value field at all", async () => {
    renderBar("invoices");
    await openBuilder();
    selectOption(byLabel<HTMLSelectElement>("Field"), "status");
    selectOption(byLabel<HTMLSelectElement>("Condition"), "is_present");
    expect(() => byLabel("Value")).toThrow();
    expect(button("Apply").disabled).toBe(false);
    click(button("Apply"));
    expect(changes.at(-1)?.filters).toEqual([
      { field: "status", operator: "is_present", value: null },
    ]);
  });

  it("resets operator and value when the field is chosen again", async () => {
    renderBar("invoices");
    await openBuilder();
    selectOption(byLabel<HTMLSelectElement>("Field"), "total");
    selectOption(byLabel<HTMLSelectElement>("Condition"), "gt");
    typeInto(byLabel<HTMLInputElement>("Value"), "100");
    selectOption(byLabel<HTMLSelectElement>("Field"), "balance");
    expect(stepText()).toBe("Step 2 of 3");
    expect(byLabel<HTMLSelectElement>("Condition").value).toBe("");
    expect(() => byLabel("Value")).toThrow();
    expect(findButton("Apply")).toBeUndefined();
  });

  it("returns to step 2 while the operator select is used again, keeping the value", async () => {
    renderBar("invoices");
    await openBuilder();
    selectOption(byLabel<HTMLSelectElement>("Field"), "total");
    selectOption(byLabel<HTMLSelectElement>("Condition"), "gt");
    typeInto(byLabel<HTMLInputElement>("Value"), "100");
    expect(stepText()).toBe("Step 3 of 3");
    act(() => byLabel<HTMLSelectElement>("Condition").focus());
    expect(stepText()).toBe("Step 2 of 3");
    blur(byLabel<HTMLSelectElement>("Condition"));
    expect(stepText()).toBe("Step 3 of 3");
    expect(byLabel<HTMLInputElement>("Value").value).toBe("100");
  });
});

describe("FilterBar: values (spec 001 §5)", () => {
  it("takes boolean No as a real value and shows it as No on the chip", async () => {
    renderBar("payments");
    await openBuilder();
    selectOption(byLabel<HTMLSelectElement>("Field"), "auto_apply");
    selectOption(byLabel<HTMLSelectElement>("Condition"), "equal");
    expect(button("Apply").disabled).toBe(true);
    click(
      [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
        (r) => r.value === "false",
      )!,
    );
    expect(button("Apply").disabled).toBe(false);
    click(button("Apply"));
    expect(changes.at(-1)?.filters).toEqual([
      { field: "auto_apply", operator: "equal", value: "false" },
    ]);
    expect(chipList()?.textContent).toContain("Auto apply is No");
  });

  it("shows 'Invalid Date Format' under a bad date and does not apply it", async () => {
    renderBar("invoices");
    await openBuilder();
    selectOption(byLabel<HTMLSelectElement>("Field"), "due_date");
    selectOption(byLabel<HTMLSelectElement>("Condition"), "gte");
    const input = byLabel<HTMLInputElement>("Value");
    typeInto(input, "2030/13/45");
    blur(input);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = input.getAttribute("aria-describedby") ?? "";
    const messages = describedBy.split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(messages).toContain("Invalid Date Format");
    click(button("Apply"));
    expect(changes).toHaveLength(0);

    typeInto(byLabel<HTMLInputElement>("Value"), "2030/01/15");
    expect(byLabel<HTMLInputElement>("Value").getAttribute("aria-invalid")).toBeNull();
    click(button("Apply"));
    expect(changes.at(-1)?.filters).toEqual([
      { field: "due_date", operator: "gte", value: "2030-01-15" },
    ]);
    expect(chipList()?.textContent).toContain("Due date is on or after Jan 15, 2030");
  });

  it("says when a number is not one", async () => {
    renderBar("invoices");
    await openBuilder();
    selectOption(byLabel<HTMLSelectElement>("Field"), "total");
    selectOption(byLabel<HTMLSelectElement>("Condition"), "lt");
    typeInto(byLabel<HTMLInputElement>("Value"), "ten");
    click(button("Apply"));
    expect(changes).toHaveLength(0);
    expect(popover()?.textContent).toContain("Enter a number");
  });

  it("offers existing values for 'is' on a look-up field and applies the picked one", async () => {
    fetchFilterOptions.mockResolvedValue([
      { label: "paid", value: "paid" },
      { label: "unpaid", value: "unpaid" },
    ]);
    renderBar("invoices");
    await openBuilder();
    selectOption(byLabel<HTMLSelectElement>("Field"), "status");
    selectOption(byLabel<HTMLSelectElement>("Condition"), "equal");
    const combobox = byLabel<HTMLInputElement>("Value");
    expect(combobox.getAttribute("role")).toBe("combobox");
    act(() => combobox.focus());
    await settle();
    expect(fetchFilterOptions).toHaveBeenCalledWith("invoices", "status", "");
    expect(combobox.getAttribute("aria-expanded")).toBe("true");
    const options = [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent);
    expect(options).toEqual(["paid", "unpaid"]);
    // Typing searches; it is not a value until one is picked. Fewer values than the upstream's
    // cap are all of them, so the search runs here, on the labels shown.
    typeInto(combobox, "unp");
    expect(button("Apply").disabled).toBe(true);
    const shown = () => [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent);
    expect(shown()).toEqual(["unpaid"]);
    await settle(300);
    expect(fetchFilterOptions).toHaveBeenCalledTimes(1);
    press(combobox, "ArrowDown");
    expect(combobox.getAttribute("aria-activedescendant")).toBeTruthy();
    press(combobox, "Enter");
    expect(combobox.value).toBe("unpaid");
    expect(button("Apply").disabled).toBe(false);
    click(button("Apply"));
    expect(changes.at(-1)?.filters).toEqual([
      { field: "status", operator: "equal", value: "unpaid" },
    ]);
    expect(chipList()?.textContent).toContain("Status is unpaid");
  });

  it("asks the server to search when the first answer may be cut off at 50 values", async () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ label: `MTR-${i}`, value: `MTR-${i}` }));
    fetchFilterOptions.mockImplementation(async (_list: string, _field: string, search: string) =>
      search === "" ? many : [{ label: "MTR-9999", value: "MTR-9999" }],
    );
    renderBar("usages");
    await openBuilder();
    selectOption(byLabel<HTMLSelectElement>("Field"), "description");
    selectOption(byLabel<HTMLSelectElement>("Condition"), "equal");
    const combobox = byLabel<HTMLInputElement>("Value");
    act(() => combobox.focus());
    await settle();
    typeInto(combobox, "9999");
    await waitFor(() =>
      expect(fetchFilterOptions).toHaveBeenLastCalledWith("usages", "description", "9999"),
    );
    await waitFor(() =>
      expect([...document.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual([
        "MTR-9999",
      ]),
    );
  });

  it("says 'No values to choose from' when the look-up finds none", async () => {
    renderBar("usages");
    await openBuilder();
    selectOption(byLabel<HTMLSelectElement>("Field"), "description");
    selectOption(byLabel<HTMLSelectElement>("Condition"), "not_equal");
    await settle();
    expect(popover()?.textContent).toContain("No values to choose from");
    expect(byLabel("Value").getAttribute("aria-expanded")).toBe("false");
  });

  it("uses a plain input for 'contains'", async () => {
    renderBar("usages");
    await openBuilder();
    selectOption(byLabel<HTMLSelectElement>("Field"), "description");
    selectOption(byLabel<HTMLSelectElement>("Condition"), "like");
    expect(byLabel("Value").getAttribute("role")).toBeNull();
    expect(fetchFilterOptions).not.toHaveBeenCalled();
  });
});

describe("FilterBar: chips", () => {
  it("shows a provisional chip of the choice while building, with no remove button", async () => {
    renderBar("invoices");
    await openBuilder();
    expect(provisionalChip()).toBeNull();
    selectOption(byLabel<HTMLSelectElement>("Field"), "total");
    expect(provisionalChip()?.textContent).toContain("Amount");
    selectOption(byLabel<HTMLSelectElement>("Condition"), "gt");
    typeInto(byLabel<HTMLInputElement>("Value"), "250");
    expect(provisionalChip()?.textContent).toContain("Amount is greater than 250");
    expect(provisionalChip()?.querySelector("button")).toBeNull();
  });

  it("Apply closes the popover, adds a chip, goes to page one and opens again at step 1", async () => {
    renderBar("invoices", { pageIndex: 3 });
    await openBuilder();
    selectOption(byLabel<HTMLSelectElement>("Field"), "total");
    selectOption(byLabel<HTMLSelectElement>("Condition"), "gt");
    typeInto(byLabel<HTMLInputElement>("Value"), "250");
    click(button("Apply"));
    expect(popover()).toBeNull();
    expect(provisionalChip()).toBeNull();
    expect(changes.at(-1)?.pageIndex).toBe(0);
    expect(findButton("Remove filter Amount is greater than 250")).toBeDefined();
    await openBuilder();
    expect(stepText()).toBe("Step 1 of 3");
    expect(byLabel<HTMLSelectElement>("Field").value).toBe("");
  });

  it("removes only the chip's own filter, back on page one", () => {
    renderBar("invoices", {
      pageIndex: 2,
      filters: [
        { field: "status", operator: "equal", value: "unpaid" },
        { field: "date", operator: "gte", value: "2030-01-01" },
      ],
    });
    expect(chipList()?.textContent).toContain("Invoice date is on or after Jan 01, 2030");
    click(button("Remove filter Status is unpaid"));
    expect(changes.at(-1)).toMatchObject({
      pageIndex: 0,
      filters: [{ field: "date", operator: "gte", value: "2030-01-01" }],
    });
    expect(findButton("Remove filter Status is unpaid")).toBeUndefined();
    expect(document.activeElement).toBe(button("Filter"));
  });

  it("shows the invoice status 'posted' as 'unpaid' and a presence filter without a value", () => {
    renderBar("invoices", {
      filters: [
        { field: "status", operator: "not_equal", value: "posted" },
        { field: "region", operator: "is_not_present", value: null },
      ],
    });
    expect(findButton("Remove filter Status is not unpaid")).toBeDefined();
    expect(findButton("Remove filter Region is not present")).toBeDefined();
  });

  it("translates the builder and the chips", () => {
    renderWithProviders(
      h(Harness, {
        list: "payments",
        initial: {
          ...defaultListView("payments"),
          filters: [{ field: "auto_apply", operator: "equal", value: "true" }],
        },
      }),
      "es",
    );
    expect(findButton("Quitar el filtro Aplicación automática es Sí")).toBeDefined();
    click(button("Filtrar"));
    expect(popover()?.textContent).toContain("Paso 1 de 3");
  });
});
