import { ACTIVITY_KINDS, type ActivityKind } from "@billing-portal/contract/enums";

// The activity log in the app's words (issue 34 §3): each entry is one change, its kind, when, who,
// and the values its sentence needs (the catalogue's `account.activity.kinds.<kind>` words it in
// the customer's language). The BFF reads the billing API's details and hands on only these.

export { ACTIVITY_KINDS, type ActivityKind };

/** Entries per page of the activity page. */
export const ACTIVITY_PAGE_SIZE = 20;

export type ActivityActor =
  | { kind: "user"; email: string | null }
  | { kind: "company"; name: string | null }
  | { kind: "system" };

/** A value of an entry's sentence: text as written, a day, an amount, a count. */
export type ActivityArg =
  | { type: "text"; value: string }
  | { type: "day"; value: string }
  | { type: "money"; value: number; currency: string }
  | { type: "number"; value: number };

export type ActivityEntry = {
  id: string;
  kind: ActivityKind;
  /** ISO instant; shown in the browser's time zone. */
  at: string;
  actor: ActivityActor;
  args: Record<string, ActivityArg>;
  /** Field by field, what a change of contact details changed: before → after. */
  changes: { field: string; before: string | null; after: string | null }[];
};

export type ActivityPage = { items: ActivityEntry[]; page: number; pages: number; total: number };

/** What the activity page asks for: a page, and one kind or all. */
export type ActivityQuery = { page: number; kind: ActivityKind | null };
