import type { Subscription } from "@/lib/schemas/subscriptions";

/** How the dialogs name a subscription: its `name` field when it has one, with its id. */
export function subscriptionName(subscription: Subscription): string {
  const name = subscription.fields.find((field) => field.key === "name")?.value;
  return typeof name === "string" && name.trim() !== ""
    ? `${name.trim()} (${subscription.id})`
    : subscription.id;
}
