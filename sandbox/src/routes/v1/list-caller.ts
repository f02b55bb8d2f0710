/** What the list routes share: the caller's ids, the Eastern day, and signed statement links. */
import type { Context } from "hono";
import { signedUrl } from "../../account/signed-links";
import { easternDate } from "../../lists/business-day";
import type { Caller } from "../../lists/list";
import type { RowOptions } from "../../lists/rows";
import type { CustomerEnv } from "../../middleware/auth";
import { pageLinks } from "./account-context";

/** The bearer's company, selected customer and user (set by requireCustomer). */
export function listCaller(c: Context<CustomerEnv>): Caller {
  return { companyId: c.var.user.company_id, customerId: c.var.customerId, userId: c.var.user.id };
}

/** Today in US Eastern time by the sandbox's clock, and statement PDFs as signed, expiring links. */
export function rowOptions(c: Context<CustomerEnv>): RowOptions {
  const links = pageLinks(c, c.var.app);
  return {
    today: easternDate(links.now),
    statementUrl: (id) =>
      signedUrl(
        links.key,
        links.origin,
        `/files/statements/${encodeURIComponent(id)}.pdf`,
        links.now,
      ),
  };
}
