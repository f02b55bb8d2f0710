/** The sandbox HTTP server: the Hono app of http-app.ts on node:http, with its database and state. */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { App } from "./app";
import { createCaptchaVerifier } from "./captcha";
import type { SandboxConfig } from "./config";
import { openDb, type Db } from "./db";
import { migrate } from "./db/migrate";
import { FaultInjector } from "./faults";
import { createHttpApp } from "./http-app";
import { LoginRateLimiter } from "./rate-limit";
import { resetSandbox } from "./routes/control";
import { seedIfEmpty } from "./seed";

export type SandboxOptions = {
  /** Clock in epoch ms (tests move time forward with it). Default Date.now. */
  now?: () => number;
  /** Use this database instead of opening the configured one (it is migrated and seeded if empty; close() leaves it open). */
  db?: Db;
  /** Receives one line per request; default: console.log when config.log is set. */
  logger?: (line: string) => void;
  /** Replaces the hCaptcha verifier. */
  verifyCaptcha?: App["verifyCaptcha"];
};

export type Sandbox = {
  /** http://host:port once listening. */
  readonly url: string;
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
  db: Db;
  app: App;
  /** The request listener (usable without listen()). */
  handle: RequestListener;
  /** Same as POST /__sandbox/reset. */
  reset(): Promise<void>;
};

/** Opens (or adopts), migrates and seeds the database and builds the server; listen() starts it. */
export async function createSandbox(
  config: SandboxConfig,
  options: SandboxOptions = {},
): Promise<Sandbox> {
  const ownsDb = !options.db;
  const db = options.db ?? (await openDb(config));
  if (options.db) await migrate(db);
  await seedIfEmpty(db, options.now);

  const app: App = {
    config,
    db,
    now: options.now ?? Date.now,
    limiter: new LoginRateLimiter(config.loginMaxFailuresPerClient),
    faults: new FaultInjector(),
    verifyCaptcha: options.verifyCaptcha ?? createCaptchaVerifier(config),
  };
  const log =
    options.logger ?? (config.log ? (line: string) => console.log(line) : () => undefined);
  const http = createHttpApp(app, log);
  // Leave the process's Request and Response alone: tests run the portal's code beside the sandbox.
  const handle: RequestListener = getRequestListener(http.fetch, { overrideGlobalObjects: false });

  let server: Server | null = null;
  let url: string | null = null;

  const sandbox: Sandbox = {
    get url() {
      if (!url) throw new Error("The sandbox is not listening");
      return url;
    },
    db,
    app,
    handle,
    async listen(port = config.port) {
      if (server) throw new Error("The sandbox is already listening");
      const s = createServer(handle);
      s.headersTimeout = 30_000;
      s.requestTimeout = 180_000;
      s.keepAliveTimeout = 5_000;
      await new Promise<void>((resolve, reject) => {
        s.once("error", reject);
        s.listen(port, config.host, () => {
          s.off("error", reject);
          resolve();
        });
      });
      server = s;
      const address = s.address() as AddressInfo;
      const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
      url = `http://${host}:${address.port}`;
      return url;
    },
    async close() {
      const s = server;
      server = null;
      url = null;
      if (s) {
        await new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeIdleConnections();
          setTimeout(() => s.closeAllConnections(), 2_000).unref();
        });
      }
      if (ownsDb) await db.close();
    },
    reset: () => resetSandbox(app),
  };
  return sandbox;
}
