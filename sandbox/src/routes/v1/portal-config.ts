/** /v1/portalConfiguration: which company's portal lives at a host, and how it looks. */
import { Hono } from "hono";
import { z } from "zod";
import type { SandboxEnv } from "../../env";
import { notFound, parseWith } from "../../http";
import { envelope } from "../../respond";
import { findCompanyByHost, toPortalConfig } from "../../store/companies";

const portalConfigQuery = z.object({
  host: z
    .string({ error: "host is required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "host is required" })
    .max(300, { error: "host is too long" })
    // Tolerate a port: host names never contain ':' except IPv6 literals in brackets.
    .transform((h) =>
      h.startsWith("[") ? h.replace(/^(\[[^\]]*\])(:\d+)?$/, "$1") : h.replace(/:\d+$/, ""),
    ),
});

export const portalConfigRoutes = new Hono<SandboxEnv>();

// GET /v1/portalConfiguration?host= – the PortalConfigDto of that host's company
portalConfigRoutes.get("/portalConfiguration", async (c) => {
  const { host } = parseWith(portalConfigQuery, c.req.query());
  const company = await findCompanyByHost(c.var.app.db, host);
  if (!company) throw notFound("No portal at this address");
  return envelope(c, toPortalConfig(company));
});
