/** What the list routes share: the caller's ids, the Eastern day, and signed statement links. */
import type { Context } from "hono";
import { fileLinks, statementPdfUrl } from "../../documents/links";
import { easternDate } from "../../lists/business-day";
import type { Caller } from "../../lists/list";
import type { RowOptions } from "../../lists/rows";
import type { CustomerEnv } from "../../middleware/auth";

/** The bearer's company, selected customer and user (set by requireCustomer). */
export function listCaller(c: Context<CustomerEnv>): Caller {
  return { companyId: c.var.user.company_id, customerId: c.var.customerId, userId: c.var.user.id };
}

/** Today in US Eastern time by the sandbox's clock, and statement PDFs as signed, expiring links. */
export function rowOptions(c: Context<CustomerEnv>): RowOptions {
  const links = fileLinks(c, c.var.app);
  return {
    today: easternDate(links.now),
    statementUrl: (id) => statementPdfUrl(links, id),
  };
}
