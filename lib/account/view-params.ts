// Which view of /portal/account the URL shows (spec 000 §2 "Manage Account"): one set of nuqs
// parsers for the server page (title, first paint) and the client (switching views).
// ?view=change-password | add-payment-method | delete-payment-method&method=<id>; none: manage account.
import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";

/** The sub-views; none (no `view`) is manage account. */
export const ACCOUNT_VIEWS = [
  "change-password",
  "add-payment-method",
  "delete-payment-method",
] as const;
export type AccountSubView = (typeof ACCOUNT_VIEWS)[number];

/** `view` and, for the delete view, `method` (the payment method's id). */
export const accountViewParsers = {
  view: parseAsStringLiteral(ACCOUNT_VIEWS),
  method: parseAsString,
};

/** The view a request's search parameters ask for. */
export const loadAccountView = createLoader(accountViewParsers);

/** The path of a view (for links and the Back button). */
export function accountViewHref(view: AccountSubView | null, method?: string): string {
  if (!view) return "/portal/account";
  const query = new URLSearchParams({ view });
  if (method) query.set("method", method);
  return `/portal/account?${query}`;
}
