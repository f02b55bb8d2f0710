import type { Subscription } from "@/lib/schemas/subscriptions";

/** A panel's heading: the subscription's name when it has one (its id then shown beside), else its id. */
export function subscriptionTitle(subscription: Subscription): { name: string; showId: boolean } {
  const name = subscription.fields.find((f) => f.key === "name")?.value;
  return typeof name === "string" && name.trim() !== ""
    ? { name: name.trim(), showId: true }
    : { name: subscription.id, showId: false };
}
