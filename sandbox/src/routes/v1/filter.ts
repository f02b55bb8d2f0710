/** /v1/filter: values offered by the filter builder. */
import { Hono } from "hono";
import type { SandboxEnv } from "../../env";
import { fetchInstances } from "../../lists/fetch-instances";
import { requireCustomer } from "../../middleware/auth";
import { envelope } from "../../respond";
import { listCaller } from "./list-caller";

export const filterRoutes = new Hono<SandboxEnv>();

// GET /v1/filter/fetch_instances?field=<list>.<field>&custom_search – up to 50 distinct values
filterRoutes.get("/filter/fetch_instances", requireCustomer, async (c) => {
  const query = new URL(c.req.url).searchParams;
  return envelope(c, await fetchInstances(c.var.app.db, listCaller(c), query));
});
