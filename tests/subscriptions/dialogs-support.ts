// Fixtures and an opener for the subscription dialogs' jsdom tests: a button that calls
// useSubscriptionDialogs, inside the app's providers (tests/lists-ui/render.ts).
import { createElement as h } from "react";
import { useSubscriptionDialogs } from "@/components/subscriptions/dialogs/use-subscription-dialogs";
import type {
  Plan,
  Subscription,
  SubscriptionField,
  SubscriptionPlan,
} from "@/lib/schemas/subscriptions";
import { button, click, renderWithProviders } from "../lists-ui/render";

export const CUSTOMER = "CUS-1";

function field(key: string, label: string, value: string, type: "text" | "date" = "text") {
  return {
    key,
    label,
    value,
    type,
    editable: false,
    enabled: true,
    columnEnabled: false,
    detailEnabled: false,
    order: 1,
  } satisfies SubscriptionField;
}

export const goldLine: SubscriptionPlan = {
  id: "SPL-1",
  planId: "PLN-GOLD",
  name: "Gold",
  fields: [],
  actions: [],
  charges: [],
};

export const subscription: Subscription = {
  id: "SUB-1",
  status: "active",
  currency: "USD",
  pause: null,
  fields: [field("name", "Name", "Acme Pro"), field("start_date", "Start", "2026-01-15", "date")],
  actions: [],
  plans: [goldLine],
};

export function plan(id: string, name: string, extra: Partial<Plan> = {}): Plan {
  return {
    id,
    name,
    status: "active",
    description: null,
    billingPeriod: "monthly",
    currency: "USD",
    charges: [],
    ...extra,
  };
}

type Dialogs = ReturnType<typeof useSubscriptionDialogs>;

function Opener({ open }: { open: (dialogs: Dialogs) => void }) {
  const dialogs = useSubscriptionDialogs(CUSTOMER);
  return h("button", { type: "button", onClick: () => open(dialogs) }, "Open");
}

/** Renders the opener and clicks it (focused first, as a person's click would). */
export function openWith(open: (dialogs: Dialogs) => void, locale: "en" | "es" = "en") {
  renderWithProviders(h(Opener, { open }), locale);
  const opener = button("Open");
  opener.focus();
  click(opener);
  return opener;
}

export const dialogs = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"]')];
export const top = () => dialogs().at(-1)!;
export const titleOf = (dialog: HTMLElement) =>
  document.getElementById(dialog.getAttribute("aria-labelledby") ?? "")?.textContent;
/** The text of the alert inside the dialog on top. */
export const alertText = () => top().querySelector('[role="alert"]')?.textContent ?? "";

/** A promise to resolve or reject by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
