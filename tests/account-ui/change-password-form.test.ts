// @vitest-environment jsdom
import { createElement as h } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChangePasswordForm } from "@/components/account/change-password/change-password-form";
import { ApiError } from "@/lib/api-client";
import {
  button,
  byLabel,
  cleanUp,
  click,
  renderWithProviders,
  settle,
  typeInto,
  waitFor,
} from "../lists-ui/render";

const bff = vi.hoisted(() => ({ changePassword: vi.fn() }));
vi.mock("@/lib/account/bff", () => bff);
const toasts = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock("@/components/feedback/toaster", () => toasts);

const onDone = vi.fn();
const errorOf = (input: HTMLElement) =>
  document.getElementById(`${input.id}-error`)?.textContent ?? "";

function fill(current: string, password: string, confirmation = password) {
  typeInto(byLabel("Current password"), current);
  typeInto(byLabel("New password"), password);
  typeInto(byLabel("Confirm new password"), confirmation);
}

beforeEach(() => {
  renderWithProviders(h(ChangePasswordForm, { onDone, onCancel: () => {}, cancelLabel: "Cancel" }));
});
afterEach(() => {
  cleanUp();
  vi.clearAllMocks();
});

describe("change-password form (one form hook over POST /api/account/password)", () => {
  it("shows 'Required' under each empty field and sends nothing", async () => {
    click(button("Change password"));
    await settle();
    for (const label of ["Current password", "New password", "Confirm new password"])
      expect(errorOf(byLabel(label))).toBe("Required");
    expect(bff.changePassword).not.toHaveBeenCalled();
  });

  it("turns each rule of the checklist from not met to met as the password is typed", () => {
    const met = () =>
      [...document.querySelectorAll("#change-password-rules li")].map((li) =>
        li.getAttribute("data-met"),
      );
    expect(met()).toEqual(["false", "false", "false", "false", "false", "false"]);
    typeInto(byLabel("New password"), "aB3!");
    expect(met()).toEqual(["false", "true", "true", "true", "true", "true"]);
    typeInto(byLabel("New password"), "aB3!long");
    expect(met()).toEqual(["true", "true", "true", "true", "true", "true"]);
  });

  it("refuses a password that breaks a rule with 'Password Conditions not met.'", async () => {
    fill("Portal!2345", "longpassword");
    click(button("Change password"));
    await settle();
    expect(errorOf(byLabel("New password"))).toBe("Password Conditions not met.");
    expect(bff.changePassword).not.toHaveBeenCalled();
  });

  it("puts a wrong current password under its field and in a toast (spec 000 §8), keeping what was typed and the session", async () => {
    bff.changePassword.mockRejectedValue(
      new ApiError(422, "validation", "errors.validation", {
        currentPassword: "account.changePassword.wrongCurrent",
      }),
    );
    fill("Wrong!Pass1", "Fresh#Start9");
    click(button("Change password"));
    await waitFor(() =>
      expect(errorOf(byLabel("Current password"))).toBe("The current password is not correct."),
    );
    expect(document.activeElement).toBe(byLabel("Current password"));
    expect(byLabel<HTMLInputElement>("New password").value).toBe("Fresh#Start9");
    expect(toasts.toastError).toHaveBeenCalledWith("The current password is not correct.");
    expect(onDone).not.toHaveBeenCalled();
  });

  it("shows a failure without a server text as a toast with the general error", async () => {
    bff.changePassword.mockRejectedValue(new ApiError(500, "internal", "errors.generic"));
    fill("Portal!2345", "Fresh#Start9");
    click(button("Change password"));
    await waitFor(() =>
      expect(toasts.toastError).toHaveBeenCalledWith(
        "We could not change your password. Please try again.",
      ),
    );
  });

  it("sends once however often it is clicked, then says so and returns", async () => {
    let resolve!: (value: { ok: true }) => void;
    bff.changePassword.mockReturnValue(new Promise((r) => (resolve = r)));
    fill("Portal!2345", "Fresh#Start9");
    click(button("Change password"));
    click(button("Change password"));
    await settle();
    click(button("Change password"));
    expect(bff.changePassword).toHaveBeenCalledTimes(1);
    expect(bff.changePassword.mock.calls[0]?.[0]).toEqual({
      currentPassword: "Portal!2345",
      password: "Fresh#Start9",
      passwordConfirmation: "Fresh#Start9",
    });
    resolve({ ok: true });
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(toasts.toastSuccess).toHaveBeenCalledWith("Your password has been changed.");
  });
});
