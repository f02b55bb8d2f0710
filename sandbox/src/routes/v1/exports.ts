/**
 * POST /v1/exports: queues an export of one list; the file is e-mailed to the user.
 * POST /v1/exports/download_url: the same export as a signed link that writes it when opened.
 */
import { Hono } from "hono";
import { readJsonBody } from "../../body";
import { createExportDownload } from "../../documents/exports/downloads";
import { exportQueue } from "../../documents/exports/jobs";
import { decodeExportRequest } from "../../documents/exports/request";
import { fileLinks } from "../../documents/links";
import type { SandboxEnv } from "../../env";
import { requireCustomer } from "../../middleware/auth";
import { envelope } from "../../respond";
import { requireOperation } from "../../store/companies";

export const exportRoutes = new Hono<SandboxEnv>();

// POST /v1/exports {instance, preference, format, excludedFields, filter_options, sort?, locale?} – { jobId, status: "queued" }
exportRoutes.post("/exports", requireCustomer, async (c) => {
  const { app, user } = c.var;
  const caller = { companyId: user.company_id, customerId: c.var.customerId, userId: user.id };
  const spec = await decodeExportRequest(app.db, caller, await readJsonBody(c));
  const { origin, key } = fileLinks(c, app);
  const job = exportQueue(app).enqueue(spec, { email: user.email, links: { origin, key } });
  return envelope(c, { jobId: job.jobId, status: "queued" });
});

// POST /v1/exports/download_url {the same body} – { download_url, file_name }: signed, 1 hour, the file written as it is downloaded
exportRoutes.post("/exports/download_url", requireCustomer, async (c) => {
  const { app, user } = c.var;
  await requireOperation(app.db, user.company_id, "export_downloads");
  const caller = { companyId: user.company_id, customerId: c.var.customerId, userId: user.id };
  const spec = await decodeExportRequest(app.db, caller, await readJsonBody(c));
  return envelope(c, createExportDownload(app, spec, fileLinks(c, app)));
});
