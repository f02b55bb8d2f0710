/** /v1/plans: the bearer's company's plan catalogue (docs/CONTRACT.md §7.1). */
import { Hono } from "hono";
import type { SandboxEnv } from "../../env";
import { notFound } from "../../http";
import { requireCustomer } from "../../middleware/auth";
import { envelope } from "../../respond";
import { findPlans, listPlans, parsePlanQuery } from "../../subscriptions/plans";

export const planRoutes = new Hono<SandboxEnv>();

// GET /v1/plans?page&pageSize&sort&filter_options[plans][n][plan_id|plan_name|plan_status] – {data, total}
planRoutes.get("/plans", requireCustomer, async (c) => {
  const query = parsePlanQuery(new URL(c.req.url).searchParams);
  const page = await listPlans(c.var.app.db, c.var.user.company_id, query);
  // The envelope's data is {data: PlanDto[], total} (CONTRACT §7.1).
  return envelope(c, page);
});

// GET /v1/plans/:id – {data: PlanDto}; another company's plan → 404
planRoutes.get("/plans/:id", requireCustomer, async (c) => {
  const [plan] = await findPlans(c.var.app.db, c.var.user.company_id, [c.req.param("id")]);
  if (!plan) throw notFound("Plan not found");
  return envelope(c, { data: plan });
});
