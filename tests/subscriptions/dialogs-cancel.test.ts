// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { button, cleanUp, click, radio, settle, typeInto, waitFor } from "../lists-ui/render";
import { alertText, dialogs, openWith, subscription, titleOf, top } from "./dialogs-support";

const apiFetch = vi.hoisted(() => vi.fn());
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  apiFetch,
}));
const toasts = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock("@/components/feedback/toaster", () => toasts);

const CHOICES = [
  "Today",
  "End of Current Billing Period",
  "End of Previous Billing Period",
  "End of Current Contract Term",
  "Specific Date",
];

const ok = () => button("Cancel subscription", top());
const cancelCalls = () => apiFetch.mock.calls.filter(([path]) => String(path).endsWith("/cancel"));
const dateInput = () => top().querySelector<HTMLInputElement>('input[type="date"]')!;

async function open() {
  openWith((d) => d.openCancel(subscription, null));
  await waitFor(() => radio("Today"));
}

beforeEach(() => {
  apiFetch.mockReset();
  toasts.toastSuccess.mockReset();
  toasts.toastError.mockReset();
});
afterEach(cleanUp);

describe("Cancel Subscription dialog (spec 001 §4, §5)", () => {
  it("shows the last bill the billing API previews, and no such line where it has none", async () => {
    const credit = {
      effectiveDate: "2026-03-01",
      lastActiveDay: "2026-02-28",
      currency: "USD",
      finalDocument: { kind: "credit_note", date: "2026-03-01", amount: -12.5, billsUsage: true },
    };
    let previewAnswer: () => Promise<unknown> = () => Promise.resolve(credit);
    apiFetch.mockImplementation((path: string) => {
      if (path.includes("/cancel-date")) return Promise.resolve({ endDate: "2026-03-01" });
      if (path.includes("/cancel-preview")) return previewAnswer();
      return Promise.reject(new Error(`unexpected ${path}`));
    });
    await open();
    click(radio("End of Current Billing Period"));
    await waitFor(() =>
      expect(top().textContent).toContain("A credit of $12.50 on March 01, 2026"),
    );
    expect(top().textContent).toContain("Last bill");
    expect(top().textContent).toContain("Usage recorded until then is added.");
    expect(apiFetch).toHaveBeenCalledWith(
      "/api/subscriptions/SUB-1/cancel-preview?type=end_of_current_billing_period",
    );
    cleanUp();

    previewAnswer = () => Promise.reject(new ApiError(404, "not_found", "errors.generic"));
    await open();
    click(radio("End of Current Billing Period"));
    await waitFor(() => expect(top().textContent).toContain("Last active day"));
    await settle();
    expect(top().textContent).not.toContain("Last bill");
    cleanUp();

    // A date the billing API does not take: its words, beside the dates, before OK is pressed.
    const refusal = "The cancellation date cannot be before the current billing period began.";
    previewAnswer = () =>
      Promise.reject(new ApiError(400, "invalid_request", "errors.generic", {}, null, refusal));
    await open();
    click(radio("End of Current Billing Period"));
    await waitFor(() => expect(top().textContent).toContain(`Last bill${refusal}`));
    cleanUp();

    previewAnswer = () => Promise.reject(new ApiError(0, "network", "errors.network"));
    await open();
    click(radio("End of Current Billing Period"));
    await waitFor(() =>
      expect(top().textContent).toContain("Last billThe last bill could not be worked out."),
    );
  });

  it("offers the five choices in order, none chosen, and OK unavailable", async () => {
    await open();
    expect(titleOf(top())).toBe("Cancel Subscription");
    expect(top().textContent).toContain("Acme Pro (SUB-1)");
    const labels = [...top().querySelectorAll('input[type="radio"]')].map((input) =>
      input.closest("label")?.textContent?.trim(),
    );
    expect(labels).toEqual(CHOICES);
    expect(CHOICES.map((name) => radio(name).checked)).toEqual([false, false, false, false, false]);
    expect(document.activeElement).toBe(radio("Today"));
    expect(ok().getAttribute("aria-disabled")).toBe("true");
    // A confirmation without a date does nothing.
    click(ok());
    await settle();
    expect(cancelCalls()).toHaveLength(0);
    expect(dialogs()).toHaveLength(1);
  });

  it("looks up a choice's effective date, shows the last active day, and cancels with that date", async () => {
    let answer: (value: { endDate: string }) => void = () => {};
    apiFetch.mockImplementation((path: string) => {
      if (path.includes("/cancel-date"))
        return new Promise((resolve) => {
          answer = resolve;
        });
      return Promise.resolve({ subscription: { ...subscription, status: "cancelled" } });
    });
    await open();
    click(radio("End of Current Billing Period"));
    await settle();
    expect(apiFetch).toHaveBeenCalledWith(
      "/api/subscriptions/SUB-1/cancel-date?type=end_of_current_billing_period",
    );
    expect(top().textContent).toContain("Looking up the cancellation date…");
    expect(ok().getAttribute("aria-disabled")).toBe("true");

    await act(async () => answer({ endDate: "2026-03-01" }));
    await waitFor(() => expect(top().textContent).toContain("Last active day"));
    expect(top().textContent).toContain("March 01, 2026");
    expect(top().textContent).toContain("February 28, 2026");
    expect(ok().getAttribute("aria-disabled")).toBeNull();

    click(ok());
    await settle();
    expect(apiFetch).toHaveBeenCalledWith("/api/subscriptions/SUB-1/cancel", {
      method: "POST",
      body: { cancellationType: "end_of_current_billing_period", cancellationDate: "2026-03-01" },
    });
    expect(toasts.toastSuccess).toHaveBeenCalledWith("Subscription cancelled successfully");
    expect(dialogs()).toHaveLength(0);
  });

  it("shows a failed look-up inside the dialog with a way to try again", async () => {
    apiFetch.mockRejectedValueOnce(
      new ApiError(400, "invalid_request", "errors.generic", {}, null, "No contract term."),
    );
    await open();
    click(radio("End of Current Contract Term"));
    await waitFor(() => expect(alertText()).toBe("No contract term."));
    expect(ok().getAttribute("aria-disabled")).toBe("true");

    apiFetch.mockResolvedValueOnce({ endDate: "2027-01-15" });
    click(button("Try again", top()));
    await waitFor(() => expect(top().textContent).toContain("January 14, 2027"));
    expect(alertText()).toBe("");
  });

  it("needs a specific date, not before the start, and says so", async () => {
    await open();
    click(radio("Specific Date"));
    const input = dateInput();
    expect(input.required).toBe(true);
    expect(input.min).toBe("2026-01-15");
    expect(document.getElementById(input.getAttribute("aria-labelledby") ?? "")).toBeNull();
    expect(top().querySelector(`label[for="${input.id}"]`)?.textContent).toBe("Cancellation date");

    // Confirming blank is ignored and explains why.
    click(ok());
    await settle();
    expect(cancelCalls()).toHaveLength(0);
    expect(top().textContent).toContain("Enter a cancellation date.");
    expect(input.getAttribute("aria-invalid")).toBe("true");

    typeInto(input, "2026-01-10");
    await settle();
    expect(top().textContent).toContain("Choose a date on or after January 15, 2026");
    expect(ok().getAttribute("aria-disabled")).toBe("true");

    typeInto(input, "2026-07-01");
    await settle();
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(top().textContent).toContain("June 30, 2026");
    expect(ok().getAttribute("aria-disabled")).toBeNull();
    // No look-up of the date for a typed one (its last bill is asked for, below).
    expect(apiFetch.mock.calls.filter(([path]) => String(path).includes("/cancel-date"))).toEqual(
      [],
    );
  });

  it("keeps the dialog open with an error toast when the cancellation is refused", async () => {
    apiFetch.mockRejectedValue(
      new ApiError(400, "invalid_request", "errors.generic", {}, null, "Already cancelled."),
    );
    await open();
    click(radio("Specific Date"));
    typeInto(dateInput(), "2026-07-01");
    click(ok());
    await settle();
    expect(toasts.toastError).toHaveBeenCalledWith("Already cancelled.");
    expect(dialogs()).toHaveLength(1);
    expect(ok().getAttribute("aria-busy")).toBeNull();

    apiFetch.mockRejectedValue(new ApiError(502, "upstream", "errors.upstream"));
    click(ok());
    await settle();
    expect(toasts.toastError).toHaveBeenLastCalledWith(
      "The subscription could not be cancelled. Please try again.",
    );
  });

  it("closes on Keep subscription and returns focus to the opener", async () => {
    await open();
    click(button("Keep subscription", top()));
    await settle();
    expect(dialogs()).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(button("Open")));
  });
});
