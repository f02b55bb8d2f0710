/** The sandbox's HTTP surface as one Hono app: /health, /ready, /v1 and (demo, test) /__sandbox/. */
import { openApiDocument, type OpenApiDocument } from "@billing-portal/contract/openapi";
import { Hono } from "hono";
import type { App } from "./app";
import { controlEnabled } from "./config";
import { providerDoubleRoutes } from "./doubles/routes";
import type { SandboxEnv } from "./env";
import { ApiError } from "./http";
import { checkAnswers } from "./middleware/contract-answers";
import { injectFaults } from "./middleware/inject-faults";
import { requestLog } from "./middleware/request-log";
import { loggablePath } from "./request-info";
import { errorEnvelope, sendJson } from "./respond";
import { controlRoutes } from "./routes/control";
import { fileRoutes } from "./routes/files";
import { hostedRoutes } from "./routes/hosted";
import { payNowPageRoutes } from "./routes/pay-now-page";
import { mountV1 } from "./routes/v1";
import { answerUnrouted } from "./unrouted";

let published: OpenApiDocument | null = null;
const contractDocument = () => (published ??= openApiDocument());

/** Builds the app; `log` receives one line per request. */
export function createHttpApp(app: App, log: (line: string) => void): Hono<SandboxEnv> {
  // strict: false answers /v1/user/me/ like /v1/user/me, as clients of the old router expect.
  const http = new Hono<SandboxEnv>({ strict: false });

  http.use(requestLog(log));
  http.use(async (c, next) => {
    c.set("app", app);
    c.header("Cache-Control", "no-store");
    c.header("X-Content-Type-Options", "nosniff");
    await next();
  });
  // Checked answers are the route's: an injected fault answers before the check runs.
  http.use("/v1/*", injectFaults);
  http.use("/v1/*", checkAnswers);

  // Alive (this process answers) and ready (its database answers), as the portal has them.
  http.get("/health", (c) => sendJson(c, { status: "ok" }));
  http.get("/ready", async (c) => {
    try {
      await app.db.query("SELECT 1");
      return sendJson(c, { status: "ready" });
    } catch {
      return sendJson(c, { status: "unavailable" }, 503);
    }
  });
  // The older name, which scripts and the bench wait on.
  http.get("/healthz", (c) => sendJson(c, { ok: true, mode: app.config.mode }));
  // The contract as OpenAPI 3.1, generated from contract/ (the same as contract/openapi.json).
  http.get("/v1/openapi.json", (c) => sendJson(c, contractDocument()));
  mountV1(http);
  http.route("/hosted", hostedRoutes);
  http.route("/hosted", payNowPageRoutes);
  http.route("/files", fileRoutes);
  if (controlEnabled(app.config)) {
    http.route("/__sandbox", controlRoutes);
    // Stripe.js and CardConnect tokenizer doubles (some at the providers' own paths, e.g. /itoke/).
    http.route("/", providerDoubleRoutes);
  }

  http.notFound(answerUnrouted(http));
  http.onError((err, c) => {
    if (err instanceof ApiError) return errorEnvelope(c, err);
    // Details stay in the server log; the client learns nothing about internals.
    console.error(`[sandbox] ${c.req.method} ${loggablePath(c)} failed: ${err.message}`);
    return errorEnvelope(c, new ApiError(500, "internal_error", "Internal error"));
  });
  return http;
}
