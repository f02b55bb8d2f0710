// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import type { Plan } from "@/lib/schemas/subscriptions";
import {
  button,
  byLabel,
  cleanUp,
  click,
  selectOption,
  settle,
  typeInto,
  waitFor,
} from "../lists-ui/render";
import { alertText, dialogs, openWith, plan, subscription, titleOf, top } from "./dialogs-support";

const apiFetch = vi.hoisted(() => vi.fn());
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  apiFetch,
}));
const toasts = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock("@/components/feedback/toaster", () => toasts);

const bronze = plan("PLN-BRONZE", "Bronze", { charges: [] });
const gold = plan("PLN-GOLD", "Gold");
const legacy = plan("PLN-OLD", "Legacy", { status: "inactive" });
const silver = plan("PLN-SILVER", "Silver", { billingPeriod: "annual" });
const catalogue = [bronze, gold, legacy, silver];

const onAdd = vi.fn();
const checkbox = (name: string) =>
  top().querySelector<HTMLInputElement>(`input[type="checkbox"][aria-label="Select ${name}"]`)!;
const add = () => button("Add plans", top());

/** Answers the plan list and details from `plans`; `details` overrides a plan's details answer. */
function serve(plans: Plan[], details: Record<string, () => Promise<unknown>> = {}) {
  apiFetch.mockImplementation((path: string) => {
    const url = new URL(path, "http://portal.test");
    if (url.pathname === "/api/plans") {
      const search = url.searchParams.get("search") ?? "";
      const planId = url.searchParams.get("planId") ?? "";
      const status = url.searchParams.get("status");
      const matching = plans.filter(
        (p) =>
          p.name.toLowerCase().includes(search.toLowerCase()) &&
          p.id.toLowerCase().includes(planId.toLowerCase()) &&
          (!status || p.status === status),
      );
      return Promise.resolve({ plans: matching, total: matching.length });
    }
    const id = decodeURIComponent(url.pathname.split("/").at(-1)!);
    const answer = details[id];
    if (answer) return answer();
    return Promise.resolve({ plan: plans.find((p) => p.id === id) });
  });
}

async function open() {
  openWith((d) => d.openAddPlan({ subscription, onAdd }));
  await waitFor(() => expect(top().querySelectorAll("tbody input[type=checkbox]").length).toBe(4));
}

beforeEach(() => {
  apiFetch.mockReset();
  onAdd.mockReset();
  toasts.toastSuccess.mockReset();
  toasts.toastError.mockReset();
});
afterEach(cleanUp);

describe("Add Plan dialog (spec 001 §2, §5, §8)", () => {
  it("shows the first page sorted by name, a labelled checkbox per plan", async () => {
    serve(catalogue);
    await open();
    expect(titleOf(top())).toBe("Add Plan");
    expect(apiFetch).toHaveBeenCalledWith("/api/plans?page=1&size=10&sort=name.asc");
    const rows = [...top().querySelectorAll("tbody tr")].map((tr) =>
      [...tr.querySelectorAll("td")].slice(1).map((td) => td.textContent),
    );
    expect(rows[3]).toEqual(["Silver", "PLN-SILVER", "Annual", "No charges", "Active"]);
    // Already on the subscription, or inactive: shown, with the reason, not selectable.
    expect(checkbox("Gold").disabled).toBe(true);
    expect(rows[1]![0]).toBe("GoldAlready on this subscription");
    expect(checkbox("Legacy").disabled).toBe(true);
    expect(checkbox("Bronze").disabled).toBe(false);
    expect(document.activeElement?.getAttribute("type")).toBe("search");
  });

  it("keeps Add unavailable until a plan is chosen; pressing it anyway says so for 3 s", async () => {
    serve(catalogue);
    await open();
    expect(add().getAttribute("aria-disabled")).toBe("true");
    click(add());
    await settle();
    expect(toasts.toastError).toHaveBeenCalledWith("Select at least one plan to add.", {
      durationMs: 3000,
    });
    expect(dialogs()).toHaveLength(1);

    click(checkbox("Bronze"));
    expect(add().getAttribute("aria-disabled")).toBeNull();
    expect(top().textContent).toContain("1 plan selected");
    click(checkbox("Bronze"));
    expect(add().getAttribute("aria-disabled")).toBe("true");
  });

  it("fetches the chosen plans' details, hands them over and closes", async () => {
    serve(catalogue);
    await open();
    click(checkbox("Silver"));
    click(checkbox("Bronze"));
    click(add());
    await settle();
    expect(apiFetch).toHaveBeenCalledWith("/api/plans/PLN-SILVER");
    expect(apiFetch).toHaveBeenCalledWith("/api/plans/PLN-BRONZE");
    expect(onAdd).toHaveBeenCalledWith([silver, bronze]);
    expect(dialogs()).toHaveLength(0);
  });

  it("stays open with the adding error for 5 s when a plan's details fail", async () => {
    serve(catalogue, {
      "PLN-SILVER": () =>
        Promise.reject(
          new ApiError(404, "not_found", "errors.notFound", {}, null, "Plan not found."),
        ),
    });
    await open();
    click(checkbox("Silver"));
    click(add());
    await settle();
    expect(toasts.toastError).toHaveBeenCalledWith(
      "The selected plans could not be added. Try again. (Plan not found.)",
      { durationMs: 5000 },
    );
    expect(onAdd).not.toHaveBeenCalled();
    expect(dialogs()).toHaveLength(1);
    expect(add().getAttribute("aria-busy")).toBeNull();
  });

  it("surfaces 'Plan ID is required' as the adding error's detail", async () => {
    serve([plan(" ", "Nameless")]);
    openWith((d) => d.openAddPlan({ subscription, onAdd }));
    await waitFor(() => expect(checkbox("Nameless")).not.toBeNull());
    click(checkbox("Nameless"));
    click(add());
    await settle();
    expect(toasts.toastError).toHaveBeenCalledWith(
      "The selected plans could not be added. Try again. (Plan ID is required)",
      { durationMs: 5000 },
    );
  });

  it("empties the grid and says 'Error fetching plans' when the list fails", async () => {
    apiFetch.mockRejectedValue(new ApiError(502, "upstream", "errors.upstream"));
    openWith((d) => d.openAddPlan({ subscription, onAdd }));
    await waitFor(() => expect(alertText()).toBe("Error fetching plans"));
    expect(top().querySelectorAll("tbody input[type=checkbox]")).toHaveLength(0);
  });

  it("searches by name from the first page once typing pauses", async () => {
    serve(catalogue);
    await open();
    typeInto(top().querySelector<HTMLInputElement>("input[type=search]")!, "sil");
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith("/api/plans?page=1&size=10&sort=name.asc&search=sil"),
    );
    await waitFor(() =>
      expect(top().querySelectorAll("tbody input[type=checkbox]")).toHaveLength(1),
    );
    expect(checkbox("Silver")).toBeTruthy();
  });

  it("filters by plan id and by status as well as by name (spec 001 §3's plan filter)", async () => {
    serve(catalogue);
    await open();
    typeInto(byLabel<HTMLInputElement>("Plan ID"), "pln-o");
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith("/api/plans?page=1&size=10&sort=name.asc&planId=pln-o"),
    );
    await waitFor(() =>
      expect(top().querySelectorAll("tbody input[type=checkbox]")).toHaveLength(1),
    );
    expect(checkbox("Legacy")).toBeTruthy();

    typeInto(byLabel<HTMLInputElement>("Plan ID"), "");
    selectOption(byLabel<HTMLSelectElement>("Status"), "active");
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith(
        "/api/plans?page=1&size=10&sort=name.asc&status=active",
      ),
    );
    await waitFor(() =>
      expect(top().querySelectorAll("tbody input[type=checkbox]")).toHaveLength(3),
    );
    expect(checkbox("Legacy")).toBeNull();
  });
});
