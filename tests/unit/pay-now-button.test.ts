// @vitest-environment jsdom
import { act, createElement as h } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PayNowButton } from "@/components/dashboard/pay-now-button";
import { fakeTab } from "../lists-ui/fake-tab";
import { cleanUp, renderWithProviders, settle } from "../lists-ui/render";

const fetchPayNowUrl = vi.hoisted(() => vi.fn());
vi.mock("@/lib/lists/bff", () => ({ fetchPayNowUrl }));
const toastError = vi.hoisted(() => vi.fn());
vi.mock("@/components/feedback/toaster", () => ({ toastError }));

afterEach(() => {
  cleanUp();
  vi.restoreAllMocks();
  fetchPayNowUrl.mockReset();
  toastError.mockReset();
});

const payButton = () => document.querySelector("button")!;

describe("PayNowButton: the hosted page's tab opens within the click", () => {
  it("opens an empty tab before the link is fetched, then loads the link into it", async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    let answer: (value: { url: string | null }) => void = () => {};
    fetchPayNowUrl.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderWithProviders(h(PayNowButton));

    act(() => payButton().click());
    // Still inside the click: the link has not come yet, the tab is already there.
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(tab.opener).toBeNull();
    act(() => payButton().click());
    expect(open).toHaveBeenCalledTimes(1);

    const url = "http://127.0.0.1:4110/hosted/pay-now/cus_1?cp_request=true&signature=x";
    answer({ url });
    await settle();
    expect(fetchPayNowUrl).toHaveBeenCalledTimes(1);
    expect(tab.location.replace).toHaveBeenCalledWith(url);
    expect(tab.close).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });

  it("closes the tab and shows the error toast when no link comes", async () => {
    const tab = fakeTab();
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    fetchPayNowUrl.mockRejectedValueOnce(new Error("upstream"));
    renderWithProviders(h(PayNowButton));
    act(() => payButton().click());
    await settle();
    expect(tab.close).toHaveBeenCalledTimes(1);
    expect(tab.location.replace).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith("Something went wrong. Please try again.");
    expect(payButton().getAttribute("aria-busy")).toBeNull();
  });

  it("never loads a link the browser must not open", async () => {
    const tab = fakeTab();
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    fetchPayNowUrl.mockResolvedValueOnce({ url: "javascript:alert(1)" });
    renderWithProviders(h(PayNowButton));
    act(() => payButton().click());
    await settle();
    expect(tab.location.replace).not.toHaveBeenCalled();
    expect(tab.close).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledTimes(1);
  });
});
