// Starting and stopping the two processes (sandbox and portal) for the demo and the e2e run.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const bin = (name) => path.join(root, "node_modules", ".bin", name);

/** Runs a command to completion, inheriting stdio; resolves with its exit code. */
export function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Starts a long-running process whose output is prefixed, so two servers stay readable. */
export function start(label, cmd, args, env) {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const prefix = (stream, out) =>
    stream.on("data", (chunk) => {
      for (const line of chunk.toString().split("\n"))
        if (line.trim()) out.write(`[${label}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

/** Polls a URL until it answers (any HTTP status) or the timeout passes. */
export async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** A session secret kept under .data so restarts of the demo keep people signed in. */
export function demoSessionSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join(root, ".data", "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The environment of the two processes for a given pair of ports. */
export function serverEnv({ port, sandboxPort, mode, dataDir, sessionSecret }) {
  const api = `http://127.0.0.1:${sandboxPort}`;
  return {
    sandbox: {
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_MODE: mode,
      SANDBOX_DATA_DIR: dataDir,
      PORTAL_PORT: String(port),
      HCAPTCHA_MODE: "test",
    },
    portal: {
      PORT: String(port),
      BILLING_API_URL: api,
      // Plain http on localhost: the __Host- prefix and Secure flag need https.
      COOKIE_SECURE: "false",
      SESSION_SECRET: sessionSecret,
      HCAPTCHA_SCRIPT_URL: `${api}/__sandbox/hcaptcha/api.js`,
      HCAPTCHA_SITEKEY: "10000000-ffff-ffff-ffff-000000000001",
      // The sandbox's payment provider doubles instead of Stripe.js and CardConnect's tokenizer.
      STRIPE_JS_URL: `${api}/__sandbox/stripe/v3.js`,
      CARDCONNECT_TOKENIZER_ORIGIN: api,
    },
  };
}
