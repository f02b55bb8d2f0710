// @vitest-environment jsdom
// Spec 000 §9: switching the selected customer stores the id through the BFF, resets the store and
// reloads after 10 ms; a refused switch keeps the customer shown and says why.
import { createElement as h } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CUSTOMER_SWITCH_RELOAD_MS, CustomerSwitcher } from "@/components/shell/customer-switcher";
import { GlobalLoadingProvider, LoadingOverlay } from "@/components/shell/global-loading";
import { ApiError } from "@/lib/api-client";
import { byLabel, cleanUp, renderWithProviders, selectOption, settle } from "../lists-ui/render";

const apiFetch = vi.hoisted(() => vi.fn());
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  apiFetch,
}));
const toasts = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock("@/components/feedback/toaster", () => toasts);

const customers = [
  { id: "1", customerId: "C-1", name: "Contoso Pharmacy" },
  { id: "2", customerId: "C-2", name: "Fabrikam Farms" },
];
const reload = vi.fn();
const overlay = () => document.querySelector('[role="status"]');

beforeEach(() => {
  vi.stubGlobal("location", { ...window.location, reload });
  renderWithProviders(
    h(
      GlobalLoadingProvider,
      null,
      h(CustomerSwitcher, { customers, selectedCustomerId: "C-1" }),
      h(LoadingOverlay),
    ),
  );
});
afterEach(() => {
  cleanUp();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("customer switcher", () => {
  it("stores the new customer, covers the page and reloads after 10 ms", async () => {
    let answer: (value: unknown) => void = () => {};
    apiFetch.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const select = byLabel<HTMLSelectElement>("Customer");
    selectOption(select, "C-2");
    expect(apiFetch).toHaveBeenCalledWith("/api/customers/select", {
      method: "POST",
      body: { customerId: "C-2" },
    });
    expect(select.disabled).toBe(true);
    expect(overlay()).not.toBeNull();
    answer({ ok: true });
    await settle(CUSTOMER_SWITCH_RELOAD_MS + 20);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("keeps the customer shown, lifts the cover and says why when the switch is refused", async () => {
    apiFetch.mockRejectedValue(new ApiError(403, "forbidden", "Forbidden"));
    const select = byLabel<HTMLSelectElement>("Customer");
    selectOption(select, "C-2");
    await settle(CUSTOMER_SWITCH_RELOAD_MS + 20);
    expect(select.value).toBe("C-1");
    expect(select.disabled).toBe(false);
    expect(overlay()).toBeNull();
    expect(toasts.toastError).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });
});
