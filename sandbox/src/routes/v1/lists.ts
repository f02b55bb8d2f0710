/** GET /v1/invoices|payments|usages|credits|statements: one page of a list (CONTRACT.md §5). */
import { Hono } from "hono";
import type { SandboxEnv } from "../../env";
import { listModule } from "../../lists/list";
import { aggregateUsages } from "../../lists/usage-aggregate";
import { MODULES, type ListModule } from "../../lists/modules";
import { requireCustomer } from "../../middleware/auth";
import { envelope } from "../../respond";
import { listCaller, rowOptions } from "./list-caller";

/** The route of one list: the bearer's selected customer's rows, filtered, sorted and paged. */
function listRoute(routes: Hono<SandboxEnv>, list: ListModule): void {
  // GET /v1/<list>?page&size&sort&initial_req&with_total&filter_options[...] – a page and its total
  routes.get(`/${list}`, requireCustomer, async (c) => {
    const query = new URL(c.req.url).searchParams;
    return envelope(c, await listModule(c.var.app.db, listCaller(c), list, query, rowOptions(c)));
  });
}

export const listRoutes = new Hono<SandboxEnv>();

// GET /v1/usages/aggregate?group_by=day|week|month&filter_options[usages][...] – quantity per bucket and unit
listRoutes.get("/usages/aggregate", requireCustomer, async (c) => {
  const query = new URL(c.req.url).searchParams;
  return envelope(c, await aggregateUsages(c.var.app.db, listCaller(c), query));
});
for (const list of MODULES) listRoute(listRoutes, list);
