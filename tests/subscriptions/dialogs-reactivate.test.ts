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
    apiFetch.mockReturnValue(gate.promise);
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

  it("shows the server's refusal inside the dialog and stays open", async () => {
    apiFetch.mockRejectedValueOnce(
      new ApiError(400, "invalid_request", "errors.generic", {}, null, "Not cancelled."),
    );
    await open();
    click(button("Reactivate", top()));
    await settle();
    expect(dialogs()).toHaveLength(1);
    expect(alertText()).toBe("Not cancelled.");
    expect(toasts.toastError).not.toHaveBeenCalled();

    apiFetch.mockRejectedValueOnce(new ApiError(0, "network", "errors.network"));
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
