import { spawn, type ChildProcess } from "node:child_process";
import { E2E_SESSION_SECRET, PORTAL_PORT, SANDBOX_PORT } from "../../playwright.config";
import { rawRequest } from "../../tests/support/raw-http";

// A fleet of its own for the tests that need more than the suite's one portal: a sandbox and two
// portal instances (server.mjs on the suite's production build) with the same session secret, as
// an operator runs them behind a load balancer. Ports sit apart from the suite's pair and the bench's.

export const FLEET_SANDBOX_PORT = SANDBOX_PORT + 300;
export const FLEET_PORTS = [PORTAL_PORT + 300, PORTAL_PORT + 301] as const;
export const fleetSandboxUrl = `http://127.0.0.1:${FLEET_SANDBOX_PORT}`;
export const instanceUrl = (i: 0 | 1) => `http://localhost:${FLEET_PORTS[i]}`;

export type Fleet = {
  stop(): Promise<void>;
  /** The JSON lines a process wrote on stdout so far: "sandbox", or a portal instance's index. */
  logs(of: "sandbox" | 0 | 1): Record<string, unknown>[];
  /** Sends SIGTERM to one portal instance; resolves with its exit code once it has exited. */
  terminate(i: 0 | 1): Promise<number | null>;
};

type Started = { child: ChildProcess; lines: string[] };

function startProcess(cmd: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(cmd, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
    // Its own process group, so stopping it reaches a helper it forks.
    detached: true,
  });
  // Kept for the tests that read the logs (request ids, what never appears in them).
  const lines: string[] = [];
  let rest = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop() ?? "";
    lines.push(...parts.filter((l) => l.trim()));
  });
  return { child, lines };
}

function jsonLines(lines: string[]): Record<string, unknown>[] {
  return lines.flatMap((l) => {
    try {
      return [JSON.parse(l) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function assertPortFree(port: number): Promise<void> {
  const answered = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`port ${port} is taken: the fleet needs its own processes`);
}

/** Starts the sandbox and both portal instances; `sandboxEnv` adds to the sandbox's settings. */
export async function startFleet(sandboxEnv: Record<string, string> = {}): Promise<Fleet> {
  for (const port of [FLEET_SANDBOX_PORT, ...FLEET_PORTS]) await assertPortFree(port);
  const started: Started[] = [];
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.pid === undefined) return resolve();
            child.once("exit", () => resolve());
            try {
              process.kill(-child.pid, "SIGTERM");
            } catch {
              resolve();
            }
          }),
      ),
    );
  };
  try {
    const sandbox = startProcess("node_modules/.bin/tsx", ["sandbox/src/main.ts"], {
      SANDBOX_PORT: String(FLEET_SANDBOX_PORT),
      SANDBOX_MODE: "test",
      SANDBOX_DATA_DIR: "memory",
      PORTAL_PORT: String(FLEET_PORTS[0]),
      HCAPTCHA_MODE: "test",
      SANDBOX_LOG: "1",
      ...sandboxEnv,
    });
    started.push(sandbox);
    children.push(sandbox.child);
    await waitFor(`${fleetSandboxUrl}/v1/portalConfiguration?host=localhost`, sandbox.child);
    for (const port of FLEET_PORTS) {
      const portal = startProcess(process.execPath, ["server.mjs", "-p", String(port)], {
        NODE_ENV: "production",
        BILLING_API_URL: fleetSandboxUrl,
        COOKIE_SECURE: "false",
        SESSION_SECRET: E2E_SESSION_SECRET,
        HCAPTCHA_SITEKEY: "10000000-ffff-ffff-ffff-000000000001",
        HCAPTCHA_SCRIPT_URL: `${fleetSandboxUrl}/__sandbox/hcaptcha/api.js`,
        PORTAL_LOG_LEVEL: "info",
      });
      started.push(portal);
      children.push(portal.child);
    }
    await Promise.all(
      FLEET_PORTS.map((port, i) =>
        waitFor(`http://127.0.0.1:${port}/portal/login`, children[i + 1]!),
      ),
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    stop,
    logs: (of) => jsonLines(started[of === "sandbox" ? 0 : of + 1]!.lines),
    terminate: (i) => {
      const child = children[i + 1]!;
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill("SIGTERM");
      });
    },
  };
}

/** POST /__sandbox/<path> on the fleet's sandbox. */
export async function fleetControl(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${fleetSandboxUrl}/__sandbox/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox ${path} → ${res.status}`);
}

/**
 * A JSON POST from a chosen local address (127.0.0.x: every loopback address reaches the portal, each
 * is a different client socket), with the headers a client may add.
 */
export async function postFrom(
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; setCookies: string[] }> {
  const target = new URL(url);
  const data = JSON.stringify(body);
  const answer = await rawRequest({
    port: target.port,
    path: target.pathname + target.search,
    method: "POST",
    localAddress,
    body: data,
    headers: {
      // The portal's host name, so the request reaches that company's portal.
      Host: target.host,
      Origin: target.origin,
      "X-CSRF": "1",
      "Content-Type": "application/json",
      "Content-Length": Buffer.byteLength(data),
      ...headers,
    },
  });
  return {
    status: answer.status,
    body: answer.body,
    setCookies: answer.headers["set-cookie"] ?? [],
  };
}
