/** /v1/portalConfiguration: which company's portal lives at a host, and how it looks. */
import { Hono } from "hono";
import { portalConfigQuery } from "@billing-portal/contract/wire/auth";
import type { SandboxEnv } from "../../env";
import { notFound, parseWith } from "../../http";
import { envelope } from "../../respond";
import { findCompanyByHost, toPortalConfig } from "../../store/companies";

export const portalConfigRoutes = new Hono<SandboxEnv>();

// GET /v1/portalConfiguration?host= – the PortalConfigDto of that host's company
portalConfigRoutes.get("/portalConfiguration", async (c) => {
  const { host } = parseWith(portalConfigQuery, c.req.query());
  const company = await findCompanyByHost(c.var.app.db, host);
  if (!company) throw notFound("No portal at this address");
  return envelope(c, toPortalConfig(company));
});
