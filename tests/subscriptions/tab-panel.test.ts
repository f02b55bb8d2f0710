// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, createElement as h } from "react";
import { SubscriptionList } from "@/components/subscriptions/subscription-list";
import { ApiError } from "@/lib/api-client";
import type { Plan, Subscription } from "@/lib/schemas/subscriptions";
import {
  blur,
  button,
  cleanUp,
  click,
  findButton,
  press,
  renderWithProviders,
  typeInto,
  waitFor,
} from "../lists-ui/render";
import { catalogue, charge, planCharge, planLine, subscription } from "./support";
import { isolate } from "@/lib/format/bidi";

const apiFetch = vi.hoisted(() => vi.fn());
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  apiFetch,
}));

const dialogs = vi.hoisted(() => ({
  openChange: vi.fn(),
  openCancel: vi.fn(),
  openReactivate: vi.fn(),
  openAddPlan: vi.fn(),
  openUpgradeDowngrade: vi.fn(),
  preload: vi.fn(),
}));
vi.mock("@/components/subscriptions/dialogs/use-subscription-dialogs", () => ({
  useSubscriptionDialogs: () => dialogs,
}));

const gold = planLine("SPL-1", [
  charge("SCH-1", { quantity: 2 }),
  charge("SCH-2", { pricingModel: "volume", quantity: 30 }),
  charge("SCH-3", { usageBased: true, pricingModel: "usage_based", quantity: null }),
]);
const silver = planLine("SPL-2", [charge("SCH-4", { quantity: 1 })]);

function serve(list: Subscription[]) {
  apiFetch.mockImplementation(async (path: string) => {
    if (path.startsWith("/api/subscriptions?")) return { subscriptions: list };
    throw new Error(`unexpected ${path}`);
  });
}

async function show(list: Subscription[], status: "active" | "cancelled" = "active") {
  serve(list);
  renderWithProviders(h(SubscriptionList, { customerId: "CUS-1", status }));
  await waitFor(() => expect(document.querySelector("li")).not.toBeNull());
}

const expand = () => click(button(/^Acme Pro/));

beforeEach(() => {
  apiFetch.mockReset();
  for (const fn of Object.values(dialogs)) fn.mockReset();
});
afterEach(cleanUp);

describe("the subscriptions list", () => {
  it("says the sub-tab's empty state", async () => {
    serve([]);
    renderWithProviders(h(SubscriptionList, { customerId: "CUS-1", status: "cancelled" }));
    await waitFor(() =>
      expect(document.body.textContent).toContain("No Cancelled Subscriptions to display"),
    );
  });

  it("shows the server's message, or 'Failed to load subscriptions'", async () => {
    apiFetch.mockRejectedValue(
      new ApiError(400, "invalid_request", "errors.generic", {}, null, "Nope."),
    );
    renderWithProviders(h(SubscriptionList, { customerId: "CUS-1", status: "active" }));
    await waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toContain("Nope."),
    );
    cleanUp();
    apiFetch.mockRejectedValue(new Error("offline"));
    renderWithProviders(h(SubscriptionList, { customerId: "CUS-1", status: "active" }));
    await waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toContain(
        "Failed to load subscriptions",
      ),
    );
  });

  it("offers only actionable actions: Cancel and Add Plan on active, Reactivate on cancelled", async () => {
    await show([subscription([gold, silver])]);
    click(button("Cancel"));
    // No provider of the company's leaving settings here: none are passed on.
    expect(dialogs.openCancel).toHaveBeenCalledWith(expect.objectContaining({ id: "SUB-1" }), null);
    expect(findButton("Reactivate")).toBeUndefined();
    cleanUp();
    await show(
      [
        subscription([gold], {
          status: "cancelled",
          actions: [{ name: "Reactivate", actionable: true }],
        }),
      ],
      "cancelled",
    );
    expect(findButton("Cancel")).toBeUndefined();
    expect(findButton(/Add Plan/)).toBeUndefined();
    click(button("Reactivate"));
    expect(dialogs.openReactivate).toHaveBeenCalled();
  });
});

describe("a subscription panel", () => {
  it("expands to a Plans & Charges tab with basic information and plans", async () => {
    await show([subscription([gold, silver])]);
    expect(document.querySelector('[role="tab"]')).toBeNull();
    expand();
    expect(document.querySelector('[role="tab"]')?.textContent).toBe("Plans & Charges");
    expect(document.body.textContent).toContain("Basic information");
    // Renewal Date (order 3) before PO Number (order 4).
    const labels = [...document.querySelectorAll("dt")].map((d) => d.textContent);
    expect(labels.indexOf("Renewal Date")).toBeLessThan(labels.indexOf("PO Number"));
    expect(document.body.textContent).toContain("Plan SPL-1");
  });

  it("quantity controls follow spec 001 §5", async () => {
    await show([subscription([gold, silver])]);
    expand();
    expect(button("Decrease quantity of Charge SCH-1").disabled).toBe(false);
    expect(button("Decrease quantity of Charge SCH-4").disabled).toBe(true);
    expect(button("Decrease quantity of Charge SCH-2").disabled).toBe(true);
    expect(button("Increase quantity of Charge SCH-2").disabled).toBe(true);
    expect(findButton("Increase quantity of Charge SCH-3")).toBeUndefined();
  });

  it("edits, counts, reverts and saves pending changes with the exact payload", async () => {
    await show([subscription([gold, silver])]);
    expand();
    click(button("Edit PO Number"));
    const box = document.activeElement as HTMLInputElement;
    typeInto(box, "PO-2");
    press(box, "Enter");
    click(button("Increase quantity of Charge SCH-1"));
    expect(document.body.textContent).toContain("Unsaved changes: 2 changes");
    click(button("Remove plan Plan SPL-2"));
    expect(document.body.textContent).toContain("Unsaved changes: 3 changes");
    // One plan left: no delete icon.
    expect(findButton("Remove plan Plan SPL-1")).toBeUndefined();
    click(button("Save"));
    expect(dialogs.openChange).toHaveBeenCalledTimes(1);
    const args = dialogs.openChange.mock.calls[0]![0] as {
      change: unknown;
      summary: unknown;
      onApplied: () => void;
    };
    expect(args.change).toEqual({
      fields: { po_number: "PO-2" },
      charges: [{ id: "SCH-1", quantity: 3 }],
      addPlans: [],
      removePlans: ["SPL-2"],
    });
    expect(args.summary).toEqual([
      { label: "PO Number", from: "PO-1", to: "PO-2" },
      {
        label: `Quantity of ${isolate("Charge SCH-1")} (${isolate("Plan SPL-1")})`,
        from: "2",
        to: "3",
      },
      { label: "Plan", from: "Plan SPL-2", to: null },
    ]);
    // Until the change applies, the edit stays.
    expect(document.body.textContent).toContain("Unsaved changes");
    act(() => args.onApplied());
    expect(document.body.textContent).not.toContain("Unsaved changes");
  });

  it("Cancel reverts to the server's copy, dropping added plans and restoring removed ones", async () => {
    await show([subscription([gold, silver])]);
    expand();
    click(button("Remove plan Plan SPL-2"));
    click(button(/Add Plan/));
    const onAdd = (dialogs.openAddPlan.mock.calls[0]![0] as { onAdd: (p: Plan[]) => void }).onAdd;
    act(() => onAdd([catalogue("PLN-X", [planCharge("CHG-1")])]));
    expect(document.body.textContent).toContain("Catalogue plan PLN-X (New)");
    expect(document.body.textContent).not.toContain("Plan SPL-2");
    click(button("Cancel", document.querySelector('[data-changed="true"]')!.lastElementChild!));
    expect(document.body.textContent).not.toContain("Catalogue plan PLN-X");
    expect(document.body.textContent).toContain("Plan SPL-2");
    expect(document.body.textContent).not.toContain("Unsaved changes");
  });

  it("takes a typed quantity on Enter, keeping focus in the box, and refuses a non-integer", async () => {
    await show([subscription([gold, silver])]);
    expand();
    const box = document.querySelector<HTMLInputElement>(
      'input[aria-label="Quantity of Charge SCH-1"]',
    )!;
    typeInto(box, "7");
    press(box, "Enter");
    expect(document.activeElement).toBe(box);
    expect(document.body.textContent).toContain("Unsaved changes: 1 change");
    click(button("Decrease quantity of Charge SCH-1"));
    expect(box.value).toBe("6");
    typeInto(box, "1.5");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    press(box, "Enter");
    expect(box.value).toBe("1.5");
    click(button("Save"));
    expect(dialogs.openChange.mock.calls[0]![0]).toMatchObject({
      change: { charges: [{ id: "SCH-1", quantity: 6 }] },
    });
  });

  it("refuses a date that is not a whole day, keeping the box open; Escape cancels", async () => {
    await show([subscription([gold])]);
    expand();
    click(button("Edit Renewal Date"));
    const box = document.activeElement as HTMLInputElement;
    expect(box.type).toBe("date");
    typeInto(box, "2027-02-30");
    press(box, "Enter");
    expect(document.querySelector('[role="alert"]')?.textContent).toContain("real date");
    expect(document.activeElement).toBe(box);
    press(box, "Escape");
    expect(document.querySelector('input[type="date"]')).toBeNull();
    expect(document.body.textContent).not.toContain("Unsaved changes");
  });

  it("stores the value when the box is left", async () => {
    await show([subscription([gold])]);
    expand();
    click(button("Edit PO Number"));
    const box = document.activeElement as HTMLInputElement;
    typeInto(box, "PO-7");
    blur(box);
    expect(document.body.textContent).toContain("PO-7");
    expect(document.body.textContent).toContain("Unsaved changes: 1 change");
  });

  it("does not edit without an actionable Change", async () => {
    await show([
      subscription([gold, silver], {
        actions: [
          { name: "Cancel", actionable: true },
          { name: "Change", actionable: false },
        ],
      }),
    ]);
    expand();
    expect(findButton("Edit PO Number")).toBeUndefined();
    expect(findButton(/^Increase quantity/)).toBeUndefined();
    expect(findButton(/^Remove plan/)).toBeUndefined();
  });
});
