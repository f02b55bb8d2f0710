/**
 * Test harness: one sandbox per test file, in-memory PGlite, or (when DATABASE_URL is set) a real
 * PostgreSQL with a schema of its own that is dropped afterwards. The clock is injected so tests can
 * move time forward; reset() restores the seed, the clock, rate limits and faults between tests.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig, type SandboxConfig } from "../../src/config";
import type { Db } from "../../src/db";
import { loadMigrations, migrate } from "../../src/db/migrate";
import { openPglite } from "../../src/db/pglite";
import { dropPostgresSchema } from "../../src/db/postgres";
import { SEED_PASSWORD } from "../../src/seed";
import { createSandbox, type Sandbox } from "../../src/server";

export type ApiResponse<T = unknown> = {
  status: number;
  headers: Headers;
  /** Parsed JSON, or null when the body is not JSON (see `text`). */
  body: T;
  text: string;
};

export type Envelope<T = unknown> = {
  code: number;
  data: T;
  error: string | null;
  errorCode?: string;
};

export type Harness = {
  sandbox: Sandbox;
  url: string;
  config: SandboxConfig;
  /** The injected clock. */
  now(): number;
  advance(ms: number): void;
  /** Seed, clock, rate limits and faults back to the start. */
  reset(): Promise<void>;
  close(): Promise<void>;
  logs: string[];
  request<T = unknown>(
    method: string,
    path: string,
    options?: {
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
      token?: string;
    },
  ): Promise<ApiResponse<T>>;
  /** A /v1 call answering the envelope. */
  api<T = unknown>(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string>; token?: string },
  ): Promise<ApiResponse<Envelope<T>>>;
  login(email: string, password?: string, companyId?: string): Promise<LoginData>;
  mailbox(to: string): Promise<Mail[]>;
};

export type UserDto = {
  id: string;
  email: string;
  company_id: string;
  customer_id: string;
  selected_customer_id: string | null;
};
export type LoginData = {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: string;
  user: UserDto;
};
export type Mail = {
  to: string;
  subject: string;
  text: string;
  links: string[];
  attachments: unknown[];
};

const START = Date.parse("2030-01-15T12:00:00.000Z");

/** Where the migrated PGlite template is cached (outside the repository). */
const TEMPLATE_DIR = path.join(tmpdir(), "billing-sandbox-test-cache");

/**
 * An in-memory PGlite, migrated. PGlite's initdb costs ~3 s, so the first test file dumps a migrated
 * instance to the temp folder (keyed by the migrations' content) and later files load the dump.
 */
async function openTestPglite(): Promise<Db> {
  const migrations = await loadMigrations();
  const key = createHash("sha256").update(JSON.stringify(migrations)).digest("hex").slice(0, 16);
  const file = path.join(TEMPLATE_DIR, `pglite-${key}.tar`);
  const cached = await readFile(file).catch(() => null);
  if (cached) {
    try {
      const db = await openPglite("memory", { loadDataDir: new Blob([cached]) });
      await migrate(db);
      return db;
    } catch {
      // A damaged template: build a fresh one below.
    }
  }
  const db = await openPglite("memory");
  await migrate(db);
  const dump = Buffer.from(await (await db.dump()).arrayBuffer());
  await mkdir(TEMPLATE_DIR, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  await writeFile(tmp, dump);
  await rename(tmp, file);
  // Templates of older migrations are of no further use.
  for (const name of await readdir(TEMPLATE_DIR).catch(() => [])) {
    if (/^pglite-[0-9a-f]{16}\.tar$/.test(name) && path.join(TEMPLATE_DIR, name) !== file) {
      await rm(path.join(TEMPLATE_DIR, name), { force: true });
    }
  }
  return db;
}

export async function startHarness(
  name: string,
  overrides: Partial<SandboxConfig> = {},
): Promise<Harness> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl
    ? `sbx_${name.replace(/[^a-z0-9]/gi, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`
    : undefined;
  const config: SandboxConfig = {
    ...loadConfig({
      SANDBOX_MODE: "test",
      SANDBOX_DATA_DIR: "memory",
      SANDBOX_LOG: "0",
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
    }),
    ...overrides,
  };
  let clock = START;
  const logs: string[] = [];
  const db = databaseUrl ? undefined : await openTestPglite();
  const sandbox = await createSandbox(config, {
    now: () => clock,
    logger: (line) => logs.push(line),
    db,
  });
  const url = await sandbox.listen(0);

  const request: Harness["request"] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(`${url}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: res.status, headers: res.headers, body: parsed as never, text };
  };

  const harness: Harness = {
    sandbox,
    url,
    config,
    logs,
    now: () => clock,
    advance: (ms) => {
      clock += ms;
    },
    async reset() {
      clock = START;
      logs.length = 0;
      const res = await request("POST", "/__sandbox/reset");
      if (res.status !== 200) throw new Error(`reset failed: ${res.status} ${res.text}`);
    },
    async close() {
      await sandbox.close();
      await db?.close();
      if (databaseUrl && schema) await dropPostgresSchema(databaseUrl, schema);
    },
    request,
    api: (method, path, options) => request(method, path, options),
    async login(email, password = SEED_PASSWORD, companyId) {
      const company = companyId ?? (email.endsWith("@globex.test") ? "globex" : "acme");
      const res = await request<Envelope<LoginData>>("POST", "/v1/auth/login", {
        body: { email, password, companyId: company },
      });
      if (res.status !== 200)
        throw new Error(`login of ${email} failed: ${res.status} ${res.text}`);
      return res.body.data;
    },
    async mailbox(to) {
      const res = await request<Mail[]>("GET", `/__sandbox/mailbox?to=${encodeURIComponent(to)}`);
      if (res.status !== 200) throw new Error(`mailbox failed: ${res.status} ${res.text}`);
      return res.body;
    },
  };
  return harness;
}

/** The last path segment of a link (the token of invitation, reset and verify links). */
export function lastSegment(link: string): string {
  return new URL(link).pathname.split("/").filter(Boolean).pop() ?? "";
}
