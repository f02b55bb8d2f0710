// The bench's servers (sandbox, portal, bare Next app), the shared build lock, process memory and CPU.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

export type Server = {
  name: string;
  /** The server's own pid: started as `node <script>`, never through a wrapper that forks. */
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
};

const running = new Set<Server>();

/** Stops every server still running (on a crash or Ctrl-C). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((s) => s.stop()));
}

/** Starts `node args…` with its output in logFile; stop() sends SIGTERM to its group, SIGKILL after 15 s. */
export function startNode(
  name: string,
  args: string[],
  env: Record<string, string>,
  logFile: string,
  cwd = root,
): Server {
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: "a" });
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so stop() reaches any helper it forks, and only those.
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name} did not start`);
  // "close", not "exit": the log file is ended only after the last output (the portal writes its
  // buffered log lines as it exits) has come through the pipes.
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const server: Server = {
    name,
    pid,
    child,
    async stop() {
      if (!running.delete(server)) return;
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-pid, "SIGTERM");
        } catch {
          // already gone
        }
        // The sandbox closes PGlite on SIGTERM (files stay consistent); give it time.
        const timer = setTimeout(() => {
          try {
            process.kill(-pid, "SIGKILL");
          } catch {
            // already gone
          }
        }, 15_000);
        await exited;
        clearTimeout(timer);
      }
      await exited;
      log.end();
    },
  };
  running.add(server);
  return server;
}

/** `node --import tsx` so the pid is the sandbox itself (the tsx CLI forks a child). */
export function startSandbox(env: Record<string, string>, logFile: string): Server {
  return startNode("sandbox", ["--import", "tsx", "sandbox/src/main.ts"], env, logFile);
}

/** The portal's own server (server.mjs) on the repository's existing .next build. */
export function startPortal(port: number, env: Record<string, string>, logFile: string): Server {
  return startNode(
    "portal",
    [path.join(root, "server.mjs"), "-p", String(port)],
    { NODE_ENV: "production", ...env },
    logFile,
  );
}

/** `next start` of an already built app in `dir` (the bare reference page). */
export function startNext(
  name: string,
  dir: string,
  port: number,
  env: Record<string, string>,
  logFile: string,
): Server {
  return startNode(
    name,
    [nextBin, "start", "-p", String(port), dir],
    { NODE_ENV: "production", ...env },
    logFile,
  );
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function runCommand(
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: "inherit",
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Fails when something already listens on `port`: a server left from another run (or another
 * engineer's) would answer our readiness probe and every measurement in place of ours. Binding
 * the IPv6 wildcard, dual-stack on Linux, collides with any IPv4 or IPv6 listener on the port.
 */
export async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === "EADDRINUSE"
            ? `port ${port} is in use by another process (ss -ltnp | grep :${port}); choose other ports with --portal-port / --sandbox-port`
            : `port ${port}: ${err.message}`,
        ),
      ),
    );
    probe.listen(port, "::", () => probe.close(() => resolve()));
  });
}

/** Polls `url` until it answers with any HTTP status; fails early when the server exits. */
export async function waitForHttp(
  server: Server,
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 180_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`${server.name} exited (code ${server.child.exitCode}); see its log`);
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Takes the lock every `next build` and `next start` of the repository's .next shares with the
 * e2e runs. A child `flock` holds it while its stdin is open, so it is released when we call the
 * returned function or when this process dies, whichever comes first.
 */
export async function acquireBuildLock(file = "/tmp/e2e.lock"): Promise<() => void> {
  const child = spawn("flock", [file, "sh", "-c", "echo locked; exec cat >/dev/null"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const waiting = setTimeout(
    () => console.log(`  waiting for ${file} (a build or e2e run)…`),
    1_000,
  );
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`flock exited with code ${code}`)));
    child.stdout?.once("data", () => resolve());
  });
  clearTimeout(waiting);
  child.removeAllListeners("exit");
  return () => {
    child.stdin?.end();
  };
}

/** VmRSS and VmHWM of a process in bytes (Linux /proc), or null when unreadable. */
export async function readMemory(pid: number): Promise<{ rss: number; hwm: number } | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
    const rss = kb("VmRSS");
    const hwm = kb("VmHWM");
    return Number.isFinite(rss) && Number.isFinite(hwm)
      ? { rss: rss * 1024, hwm: hwm * 1024 }
      : null;
  } catch {
    return null;
  }
}

/** Resets the process's peak RSS (VmHWM) to its current RSS; false when the kernel refuses. */
export async function resetPeakRss(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

const CLOCK_TICKS_PER_SECOND = (() => {
  const out = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout;
  const n = Number(out.trim());
  return Number.isInteger(n) && n > 0 ? n : 100;
})();

/** utime + stime of /proc/<pid>/stat in clock ticks, or null when the process is gone. */
async function cpuTicks(pid: number | string): Promise<{ pgrp: number; ticks: number } | null> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name may hold spaces and parentheses: fields are counted after its last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { pgrp: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/**
 * CPU time (user + system, ms) a process has used so far; with `group`, every process of its
 * process group (the servers run in their own group, so a worker they fork counts too). It is
 * their cost whatever else keeps the machine busy. Resolution is one clock tick (10 ms):
 * meaningful as a sum over many requests, not for one.
 */
export async function cpuMs(pid: number, group = false): Promise<number> {
  let ticks = 0;
  if (!group) {
    ticks = (await cpuTicks(pid))?.ticks ?? 0;
  } else {
    for (const entry of await readdir("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const t = await cpuTicks(entry);
      if (t?.pgrp === pid) ticks += t.ticks;
    }
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}
