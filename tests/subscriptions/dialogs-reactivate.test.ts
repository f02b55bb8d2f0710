// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { button, cleanUp, click, settle, waitFor } from "../lists-ui/render";
import {
  alertText,
  deferred,
  dialogs,
  goldLine,
  openWith,
  subscription,
  titleOf,
  top,
} from "./dialogs-support";
import { isolate } from "@/lib/format/bidi";

const apiFetch = vi.hoisted(() => vi.fn());
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  apiFetch,
}));
const toasts = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock("@/components/feedback/toaster", () => toasts);

const cancelled = { ...subscription, status: "cancelled" as const };

const PREVIEW = "/api/subscriptions/SUB-1/reactivate-preview";
const charged = {
  currency: "USD",
  chargeNow: { date: "2030-01-20", amount: 42.5 },
  nextInvoiceDate: "2030-02-05",
};
/** The preview answers `preview`; every other call `other`. */
function answer(preview: () => Promise<unknown>, other: () => Promise<unknown>) {
  apiFetch.mockImplementation((path: string) => (path === PREVIEW ? preview() : other()));
}

async function open() {
  openWith((d) => d.openReactivate(cancelled));
  await waitFor(() => button("Reactivate", top()));
}

beforeEach(() => {
  apiFetch.mockReset();
  toasts.toastSuccess.mockReset();
  toasts.toastError.mockReset();
});
afterEach(cleanUp);

describe("Reactivate Subscription dialog (spec 001 §2, §8)", () => {
  it("names the subscription and reactivates it, busy until done", async () => {
    const gate = deferred<unknown>();
    answer(
      () => Promise.resolve(charged),
      () => gate.promise,
    );
    await open();
    expect(titleOf(top())).toBe("Reactivate Subscription");
    expect(top().textContent).toContain(`Reactivate ${isolate("Acme Pro (SUB-1)")}?`);
    click(button("Reactivate", top()));
    await settle();
    expect(apiFetch).toHaveBeenCalledWith("/api/subscriptions/SUB-1/reactivate", {
      method: "POST",
      body: {},
    });
    expect(button("Reactivate", top()).getAttribute("aria-busy")).toBe("true");
    expect(button("Close", top()).disabled).toBe(true);
    gate.resolve({ subscription });
    await settle();
    expect(toasts.toastSuccess).toHaveBeenCalledWith("Subscription reactivated successfully.");
    expect(dialogs()).toHaveLength(0);
  });

  it("shows what it charges now before it acts, and nothing of it without the preview", async () => {
    answer(
      () => Promise.resolve(charged),
      () => Promise.resolve({ subscription }),
    );
    await open();
    await waitFor(() =>
      expect(top().textContent).toContain("$42.50, invoiced on January 20, 2030"),
    );
    expect(top().textContent).toContain("Next invoice");
    expect(top().textContent).toContain("February 05, 2030");
    cleanUp();
    answer(
      () => Promise.resolve({ ...charged, chargeNow: { date: "2030-01-20", amount: 0 } }),
      () => Promise.resolve({ subscription }),
    );
    await open();
    await waitFor(() => expect(top().textContent).toContain("Charged nowNothing"));
    cleanUp();
    answer(
      () => Promise.reject(new ApiError(404, "not_found", "errors.notFound")),
      () => Promise.resolve({ subscription }),
    );
    await open();
    await settle();
    expect(top().textContent).not.toContain("Charged now");
    expect(alertText()).toBe("");
  });

  it("shows the server's refusal inside the dialog and stays open", async () => {
    apiFetch.mockImplementation((path: string) =>
      path === PREVIEW
        ? Promise.resolve(charged)
        : Promise.reject(
            new ApiError(400, "invalid_request", "errors.generic", {}, null, "Not cancelled."),
          ),
    );
    await open();
    click(button("Reactivate", top()));
    await settle();
    expect(dialogs()).toHaveLength(1);
    expect(alertText()).toBe("Not cancelled.");
    expect(toasts.toastError).not.toHaveBeenCalled();

    apiFetch.mockImplementation((path: string) =>
      path === PREVIEW
        ? Promise.resolve(charged)
        : Promise.reject(new ApiError(0, "network", "errors.network")),
    );
    click(button("Reactivate", top()));
    await settle();
    expect(alertText()).toBe("The subscription could not be reactivated. Please try again.");
  });
});

describe("Upgrade / Downgrade placeholder (spec 001 §2)", () => {
  it("has only Confirm and Close, and Confirm closes it", async () => {
    openWith((d) => d.openUpgradeDowngrade({ subscription, plan: goldLine }));
    await waitFor(() => button("Confirm", top()));
    expect(titleOf(top())).toBe("Upgrade / Downgrade Plan");
    expect(top().textContent).toContain("Gold");
    const names = [...top().querySelectorAll("button")].map(
      (b) => b.getAttribute("aria-label") ?? b.textContent,
    );
    expect(names).toEqual(["Close", "Close", "Confirm"]);
    click(button("Confirm", top()));
    await settle();
    expect(dialogs()).toHaveLength(0);
    expect(apiFetch).not.toHaveBeenCalled();
  });
});
