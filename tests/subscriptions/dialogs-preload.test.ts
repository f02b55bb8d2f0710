// @vitest-environment jsdom
import { createElement as h } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { subscriptionDialogKinds } from "@/components/subscriptions/dialogs";
import { useSubscriptionDialogs } from "@/components/subscriptions/dialogs/use-subscription-dialogs";
import { button, cleanUp, click, renderWithProviders, waitFor } from "../lists-ui/render";

const loaded = vi.hoisted(() => new Set<string>());
vi.mock("@/components/subscriptions/dialogs/add-plan-dialog", async (importOriginal) => {
  loaded.add("addPlan");
  return importOriginal();
});
vi.mock("@/components/subscriptions/dialogs/cancel-subscription-dialog", async (importOriginal) => {
  loaded.add("cancelSubscription");
  return importOriginal();
});

function Preloader() {
  const dialogs = useSubscriptionDialogs("CUS-1");
  return h("button", { type: "button", onClick: () => dialogs.preload() }, "Preload");
}

afterEach(cleanUp);

describe("useSubscriptionDialogs: the dialogs' code stays out of the tab's bundle", () => {
  it("loads no dialog body until asked to, then every one on preload()", async () => {
    renderWithProviders(h(Preloader));
    expect(loaded.size).toBe(0);
    click(button("Preload"));
    await waitFor(() => expect([...loaded].sort()).toEqual(["addPlan", "cancelSubscription"]));
    // Let every body finish loading before the environment goes.
    await Promise.all(subscriptionDialogKinds.map((kind) => kind.load()));
  });
});
