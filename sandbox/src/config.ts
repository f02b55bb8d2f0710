import { z } from "zod";

/** The sandbox's modes: control endpoints under /__sandbox/ exist only in demo and test. */
export const sandboxModes = ["demo", "test", "production"] as const;
export type SandboxMode = (typeof sandboxModes)[number];

/**
 * Fixed development key for punch-out e-mail encryption (demo and test only). Production must set
 * PUNCHOUT_KEY: the sandbox refuses to start in production mode without it.
 */
export const DEV_PUNCHOUT_KEY = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

const positiveInt = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be an integer` })
    .positive({ error: `${name} must be positive` });

const nonNegativeInt = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be an integer` })
    .min(0, { error: `${name} must not be negative` });

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const envSchema = z
  .object({
    SANDBOX_PORT: z.preprocess(
      emptyToUndefined,
      nonNegativeInt("SANDBOX_PORT").max(65535).default(4010),
    ),
    SANDBOX_HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
    SANDBOX_MODE: z.preprocess(emptyToUndefined, z.enum(sandboxModes).default("demo")),
    SANDBOX_DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(".data/sandbox")),
    DATABASE_URL: z.preprocess(emptyToUndefined, z.string().optional()),
    DATABASE_SCHEMA: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z_][a-z0-9_]{0,62}$/, {
          error: "DATABASE_SCHEMA must be a lower-case SQL identifier",
        })
        .optional(),
    ),
    ACCESS_TOKEN_TTL_SECONDS: z.preprocess(
      emptyToUndefined,
      positiveInt("ACCESS_TOKEN_TTL_SECONDS").default(900),
    ),
    REFRESH_TOKEN_TTL_SECONDS: z.preprocess(
      emptyToUndefined,
      positiveInt("REFRESH_TOKEN_TTL_SECONDS").default(2_592_000),
    ),
    REFRESH_OVERLAP_SECONDS: z.preprocess(
      emptyToUndefined,
      nonNegativeInt("REFRESH_OVERLAP_SECONDS").default(10),
    ),
    EMAIL_TOKEN_TTL_SECONDS: z.preprocess(
      emptyToUndefined,
      positiveInt("EMAIL_TOKEN_TTL_SECONDS").default(86_400),
    ),
    PORTAL_PORT: z.preprocess(
      emptyToUndefined,
      positiveInt("PORTAL_PORT").max(65535).default(3000),
    ),
    HCAPTCHA_MODE: z.preprocess(emptyToUndefined, z.enum(["test", "live"]).default("test")),
    HCAPTCHA_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
    PUNCHOUT_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, {
          error: "PUNCHOUT_KEY must be 32 bytes written as 64 hex digits",
        })
        .optional(),
    ),
    LOGIN_MAX_FAILURES_PER_CLIENT: z.preprocess(
      emptyToUndefined,
      positiveInt("LOGIN_MAX_FAILURES_PER_CLIENT").default(20),
    ),
    SANDBOX_LOG: z.preprocess(emptyToUndefined, z.enum(["0", "1", "true", "false"]).default("1")),
  })
  .superRefine((env, ctx) => {
    if (env.HCAPTCHA_MODE === "live" && !env.HCAPTCHA_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["HCAPTCHA_SECRET"],
        message: "HCAPTCHA_SECRET is required when HCAPTCHA_MODE=live",
      });
    }
    if (env.SANDBOX_MODE === "production" && !env.PUNCHOUT_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["PUNCHOUT_KEY"],
        message: "PUNCHOUT_KEY is required when SANDBOX_MODE=production",
      });
    }
  });

export type SandboxConfig = {
  port: number;
  host: string;
  mode: SandboxMode;
  /** A folder for PGlite's files, or "memory" for an in-memory database. Ignored when databaseUrl is set. */
  dataDir: string;
  /** Real PostgreSQL (node-postgres) when set. */
  databaseUrl: string | undefined;
  /** Optional schema on the real PostgreSQL (created if missing, used as search_path). */
  databaseSchema: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  refreshOverlapSeconds: number;
  emailTokenTtlSeconds: number;
  /** Lifetime of punch-out tokens (fixed: 5 minutes). */
  punchoutTokenTtlSeconds: number;
  portalPort: number;
  hcaptchaMode: "test" | "live";
  hcaptchaSecret: string | undefined;
  /** 32-byte AES-256-GCM key for the e-mail inside punch-out links. */
  punchoutKey: Buffer;
  /** Login failures one client (X-Client-IP) may make within 15 minutes. */
  loginMaxFailuresPerClient: number;
  /** One log line per request on stdout. */
  log: boolean;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Reads and validates the configuration from environment variables (defaults in
 * sandbox/README.md).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): SandboxConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "env"}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid sandbox configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.SANDBOX_PORT,
    host: e.SANDBOX_HOST,
    mode: e.SANDBOX_MODE,
    dataDir: e.SANDBOX_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    refreshOverlapSeconds: e.REFRESH_OVERLAP_SECONDS,
    emailTokenTtlSeconds: e.EMAIL_TOKEN_TTL_SECONDS,
    punchoutTokenTtlSeconds: 300,
    portalPort: e.PORTAL_PORT,
    hcaptchaMode: e.HCAPTCHA_MODE,
    hcaptchaSecret: e.HCAPTCHA_SECRET,
    punchoutKey: Buffer.from(e.PUNCHOUT_KEY ?? DEV_PUNCHOUT_KEY, "hex"),
    loginMaxFailuresPerClient: e.LOGIN_MAX_FAILURES_PER_CLIENT,
    log: e.SANDBOX_LOG === "1" || e.SANDBOX_LOG === "true",
  };
}

/** Whether the /__sandbox/ control endpoints (and provider test doubles) are served. */
export function controlEnabled(config: Pick<SandboxConfig, "mode">): boolean {
  return config.mode === "demo" || config.mode === "test";
}
