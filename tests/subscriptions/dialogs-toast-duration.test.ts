import { describe, expect, it, vi } from "vitest";
import { toastError, toastSuccess } from "@/components/feedback/toaster";

const sonner = vi.hoisted(() => ({ toast: { error: vi.fn(), success: vi.fn() } }));
vi.mock("sonner", () => ({ ...sonner, Toaster: () => null }));

describe("toasts: a per-toast duration for the add-plan errors (spec 001 §8)", () => {
  it("passes a toast's own duration to the toaster", () => {
    toastError("Select at least one plan to add.", { durationMs: 3000 });
    expect(sonner.toast.error).toHaveBeenCalledWith(expect.anything(), {
      description: "Select at least one plan to add.",
      duration: 3000,
    });
  });

  it("leaves the toaster's 5 s default to toasts that name none", () => {
    toastSuccess("Subscription reactivated successfully.");
    expect(sonner.toast.success).toHaveBeenCalledWith(expect.anything(), {
      description: "Subscription reactivated successfully.",
      duration: undefined,
    });
  });
});
