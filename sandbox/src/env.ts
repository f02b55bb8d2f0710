/** The Hono environment every sandbox route shares. */
import type { HttpBindings } from "@hono/node-server";
import type { App } from "./app";

/**
 * `c.env` is the Node request and response (absent when a test calls `app.request()`);
 * `c.var.app` is the sandbox's state: database, clock, config, limits, faults.
 */
export type SandboxEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: { app: App };
};
