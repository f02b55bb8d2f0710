import { afterEach, describe, expect, it, vi } from "vitest";
import { showToast } from "@/components/feedback/sonner-toaster";
import { attachToaster, toastError, toastSuccess } from "@/components/feedback/toaster";

const sonner = vi.hoisted(() => ({ toast: { error: vi.fn(), success: vi.fn() } }));
vi.mock("sonner", () => ({ ...sonner, Toaster: () => null }));

let detach: (() => void) | undefined;
afterEach(() => {
  detach?.();
  detach = undefined;
  vi.clearAllMocks();
});

describe("toasts: a per-toast duration for the add-plan errors (spec 001 §8)", () => {
  it("passes a toast's own duration to the toaster", () => {
    detach = attachToaster(showToast);
    toastError("Select at least one plan to add.", { durationMs: 3000 });
    expect(sonner.toast.error).toHaveBeenCalledWith(expect.anything(), {
      description: "Select at least one plan to add.",
      duration: 3000,
    });
  });

  it("leaves the toaster's 5 s default to toasts that name none", () => {
    detach = attachToaster(showToast);
    toastSuccess("Subscription reactivated successfully.");
    expect(sonner.toast.success).toHaveBeenCalledWith(expect.anything(), {
      description: "Subscription reactivated successfully.",
      duration: undefined,
    });
  });

  it("shows the toasts asked for before the toaster loaded, in order, once it loads", () => {
    toastError("First.", { durationMs: 3000 });
    toastSuccess("Second.");
    expect(sonner.toast.error).not.toHaveBeenCalled();
    detach = attachToaster(showToast);
    expect(sonner.toast.error).toHaveBeenCalledWith(expect.anything(), {
      description: "First.",
      duration: 3000,
    });
    expect(sonner.toast.success).toHaveBeenCalledWith(expect.anything(), {
      description: "Second.",
      duration: undefined,
    });
    toastSuccess("Third.");
    expect(sonner.toast.success).toHaveBeenCalledTimes(2);
  });
});
