import "server-only";
import {
  ACTIVITY_DETAILS,
  type ActivityDetails,
  type ActivityKind,
} from "@billing-portal/contract/wire/activity";
import type { ActivityArg, ActivityEntry } from "@/lib/schemas/activity";

// Each kind's details, validated against the contract, as the values of its sentence. A detail
// the contract does not allow is left out (the sentence's generic form is shown), never trusted.

const text = (value: string | null | undefined): ActivityArg => ({
  type: "text",
  value: value ?? "",
});
const day = (value: string | null | undefined): ActivityArg => ({
  type: "day",
  value: value ?? "",
});

type Method = ActivityDetails<"payment_method.added">["method"];
const method = (m: Method | null, prefix = "method"): Record<string, ActivityArg> =>
  m
    ? {
        [`${prefix}Kind`]: text(m.method_kind),
        // A card's brand as people write it (visa → Visa); a bank's name as the API gives it.
        [`${prefix}Brand`]: text(
          m.method_kind === "card" ? m.type.charAt(0).toUpperCase() + m.type.slice(1) : m.type,
        ),
        [`${prefix}Last4`]: text(m.last4 ?? ""),
      }
    : { [`${prefix}Kind`]: text("none") };
const planNames = (p: { plans: { name: string }[] } | null) =>
  text(p ? p.plans.map((x) => x.name).join(", ") : "");

type Args = Pick<ActivityEntry, "args" | "changes">;
const only = (args: Record<string, ActivityArg>): Args => ({ args, changes: [] });

const READERS: { [K in ActivityKind]: (d: ActivityDetails<K>) => Args } = {
  "payment_method.added": (d) => only({ ...method(d.method), asDefault: text(String(d.default)) }),
  "payment_method.removed": (d) => only(method(d.method)),
  "payment_method.default_set": (d) =>
    only({ ...method(d.before, "before"), ...method(d.after, "after") }),
  "auto_pay.changed": (d) => only({ after: text(d.after.auto_pay ? "on" : "off") }),
  "contact.changed": (d) => ({
    args: { count: { type: "number", value: d.fields.length } },
    changes: d.fields.map((field) => ({
      field,
      before: d.before[field] ?? null,
      after: d.after[field] ?? null,
    })),
  }),
  "password.changed": (d) => only({ via: text(d.via) }),
  "second_factor.added": (d) => only({ factorKind: text(d.factor_kind), name: text(d.name) }),
  "second_factor.removed": (d) => only({ factorKind: text(d.factor_kind), name: text(d.name) }),
  "recovery_codes.renewed": (d) => only({ count: { type: "number", value: d.count } }),
  "subscription.plan_changed": (d) =>
    only({
      subscription: text(d.subscription_name),
      before: planNames(d.before),
      after: planNames(d.after),
    }),
  "subscription.quantity_changed": (d) =>
    only({
      subscription: text(d.subscription_name),
      charge: text(d.charge.name),
      before: { type: "number", value: d.before.quantity ?? 0 },
      after: { type: "number", value: d.after.quantity },
    }),
  "subscription.plan_added": (d) =>
    only({ subscription: text(d.subscription_name), plans: planNames({ plans: d.plans }) }),
  "subscription.cancelled": (d) =>
    only({ subscription: text(d.subscription_name), date: day(d.effective_date) }),
  "subscription.reactivated": (d) => only({ subscription: text(d.subscription_name) }),
  "subscription.paused": (d) =>
    only({
      subscription: text(d.subscription_name),
      start: day(d.pause_start),
      resume: day(d.resume_date),
    }),
  "subscription.resumed": (d) =>
    only({
      subscription: text(d.subscription_name),
      begun: text(d.after.resume_date ? "yes" : "no"),
    }),
  "subscription.offer_accepted": (d) =>
    only({ subscription: text(d.subscription_name), offer: text(d.offer_kind) }),
  "payment.made": (d) =>
    only({
      amount: { type: "money", value: d.amount, currency: d.currency },
      method: text(d.payment_method),
      last4: text(d.last4 ?? "none"),
      invoices: { type: "number", value: d.invoice_ids.length },
    }),
};

/** The values of an entry's sentence from its details; none when they do not fit the contract. */
export function activityArgs(kind: ActivityKind, details: unknown): Args {
  const parsed = ACTIVITY_DETAILS[kind].safeParse(details);
  if (!parsed.success) return only({});
  const read = READERS[kind] as (d: unknown) => Args;
  return read(parsed.data);
}
