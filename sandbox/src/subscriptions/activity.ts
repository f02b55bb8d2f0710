/** What the subscription calls write to the activity log (sandbox/README.md "Activity"). */
import type { ActivityDetails } from "@billing-portal/contract/wire/activity";
import { recordActivity } from "../activity/record";
import type { AccountScope } from "../account/scope";
import type { Queryable } from "../db";
import type { ResolvedChange } from "./change";
import type { SubscriptionRecord } from "./store";

type Plans = ActivityDetails<"subscription.plan_changed">["before"];

/** The subscription's plans as the log names them. */
export const plansOf = (s: SubscriptionRecord): Plans => ({
  plans: s.plans.map((p) => ({ plan_id: p.plan_id, name: p.plan_name })),
});

/** Its plans once the change is applied: the removed ones gone, the added ones last. */
export const plansAfter = (s: SubscriptionRecord, change: ResolvedChange): Plans => ({
  plans: [
    ...s.plans
      .filter((p) => !change.removals.has(p.id))
      .map((p) => ({ plan_id: p.plan_id, name: p.plan_name })),
    ...change.additions.map((a) => ({ plan_id: a.plan.id, name: a.plan.name })),
  ],
});

/**
 * A change's entries: one per charge line whose quantity changed (before → after), and one for
 * its plans: `plan_changed` when a plan goes (replaced or not), `plan_added` when plans only come.
 * Field edits alone write none.
 */
export async function recordChange(
  q: Queryable,
  scope: AccountScope,
  s: SubscriptionRecord,
  change: ResolvedChange,
  at: number,
): Promise<void> {
  const base = { actor: scope.actor, subjectId: s.id, at };
  const subscription_name = s.name;
  const lines = new Map(s.plans.flatMap((p) => p.charges.map((c) => [c.id, c] as const)));
  for (const [lineId, quantity] of change.quantities) {
    const line = lines.get(lineId);
    if (!line || line.quantity === quantity) continue;
    await recordActivity(q, scope, {
      ...base,
      kind: "subscription.quantity_changed",
      details: {
        subscription_name,
        charge: { id: line.id, name: line.name },
        before: { quantity: line.quantity },
        after: { quantity },
      },
    });
  }
  if (change.removals.size > 0) {
    await recordActivity(q, scope, {
      ...base,
      kind: "subscription.plan_changed",
      details: { subscription_name, before: plansOf(s), after: plansAfter(s, change) },
    });
  } else if (change.additions.length > 0) {
    await recordActivity(q, scope, {
      ...base,
      kind: "subscription.plan_added",
      details: { subscription_name, plans: plansAfter(s, change).plans.slice(s.plans.length) },
    });
  }
}
