// The fleet: PostgreSQL with the sandbox on it, portal instances, and nginx in front of them on
// one port (round robin, passive health checks, idempotent requests retried on the other
// instance). Used by `npm run fleet` (scripts/fleet.mjs) and the load bench (bench/load.ts).
import { execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { root, serverEnv, waitFor } from "./processes.mjs";

const NGINX = "/usr/sbin/nginx";
const APT_PACKAGES = ["nginx", "postgresql"];

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** The newest PostgreSQL server's bin folder of Debian's package, or null. */
function postgresBin() {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(base, newest, "bin") : null;
}

/**
 * nginx and PostgreSQL from Debian's packages: installed with apt-get when this runs as root on
 * Debian, otherwise an error that says exactly what to run.
 */
export function ensureSystemPackages(log = console.log) {
  const missing = () =>
    [!existsSync(NGINX) && "nginx", !postgresBin() && "postgresql"].filter(Boolean);
  if (missing().length === 0) return;
  if (isRoot() && existsSync("/usr/bin/apt-get")) {
    log(`Installing ${missing().join(" and ")} with apt-get …`);
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", ...APT_PACKAGES], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    // Debian's packages start their own services where they can; the fleet runs its own.
    for (const service of ["nginx", "postgresql"])
      try {
        execFileSync("service", [service, "stop"], { stdio: "ignore" });
      } catch {
        // no service manager here: nothing was started
      }
  }
  if (missing().length > 0)
    throw new Error(
      `The fleet needs ${missing().join(" and ")} (Debian's packages). Install them with\n` +
        `  sudo apt-get update && sudo apt-get install -y ${APT_PACKAGES.join(" ")}\n` +
        "and run `npm run fleet` again.",
    );
}

/** Runs a command as the `postgres` user when we are root (PostgreSQL refuses to run as root). */
function asPostgres(cmd, args) {
  return isRoot() ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
}

/** Where the fleet's PostgreSQL and nginx keep their files (outside the repository: the postgres user must reach them). */
export const fleetDir = path.join(os.tmpdir(), `billing-portal-fleet-${process.getuid?.() ?? 0}`);

/**
 * A PostgreSQL server of its own on `port` (data in fleetDir, kept between runs; the sandbox
 * seeds an empty database). Resolves with its URL and stop().
 */
export async function startPostgres(port) {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (see ensureSystemPackages)");
  // One folder per port: a fleet, the load bench and the e2e suite may run side by side.
  const dir = path.join(fleetDir, `postgres-${port}`);
  const data = path.join(dir, "data");
  mkdirSync(dir, { recursive: true });
  if (isRoot()) execFileSync("chown", ["-R", "postgres", dir]);
  const pg = (name, args) => {
    const [cmd, argv] = asPostgres(path.join(bin, name), args);
    execFileSync(cmd, argv, { stdio: ["ignore", "ignore", "inherit"] });
  };
  if (!existsSync(path.join(data, "PG_VERSION")))
    pg("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  // A server left running by a run that was killed: stopped, so this one starts clean.
  try {
    pg("pg_ctl", ["-D", data, "status"]);
    pg("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  } catch {
    // not running (pg_ctl status exits 3)
  }
  pg("pg_ctl", [
    "-D",
    data,
    "-l",
    path.join(dir, "server.log"),
    "-w",
    "-o",
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200 -c fsync=off`,
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => pg("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
  };
}

/** nginx's configuration: one port, the instances round robin, retries of idempotent requests. */
export function nginxConfig({ port, instances, dir }) {
  const ipv6 = existsSync("/proc/net/if_inet6");
  return `# Written by scripts/fleet-lib.mjs for this run; not meant to be edited.
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  client_max_body_size 2m;

  # Passive health checks: an instance that fails a request (refused connection, reset, 502-504)
  # gets no requests for 5 s, then is tried again.
  upstream portal {
${instances.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n")}
    keepalive 64;
  }

  # The caller's request id when it is one the portal accepts, else nginx's own.
  map $http_x_request_id $portal_request_id {
    default $request_id;
    "~^[A-Za-z0-9._:-]{1,128}$" $http_x_request_id;
  }

  server {
    listen 127.0.0.1:${port};
${ipv6 ? `    listen [::1]:${port};\n` : ""}    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The portal runs with TRUST_PROXY=true: it takes the host from X-Forwarded-Host and the
      # client's address from the last X-Forwarded-For entry, the one this proxy appends.
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $portal_request_id;
      # A request that failed on one instance before any answer goes to the other, GET, HEAD
      # and the like only: nginx never repeats a POST, PUT, PATCH or DELETE it has sent.
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_buffering on;
    }
  }
}
`;
}

/** Fails with a clear message when something already listens on `port` (a fleet left running). */
function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () =>
      reject(new Error(`port ${port} is in use (ss -ltnp | grep :${port}); stop what holds it`)),
    );
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(undefined)));
  });
}

/** Starts a process whose output goes to `logFile` (or is dropped); stop() is SIGTERM, then waits. */
function startLogged(cmd, args, env, logFile) {
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", logFile ? "pipe" : "ignore", logFile ? "pipe" : "ignore"],
  });
  if (logFile) {
    mkdirSync(path.dirname(logFile), { recursive: true });
    const out = (chunk) => writeFileSync(logFile, chunk, { flag: "a" });
    child.stdout?.on("data", out);
    child.stderr?.on("data", out);
  }
  const closed = new Promise((resolve) => child.once("close", (code) => resolve(code)));
  return {
    child,
    closed,
    /** SIGTERM (a portal drains), then resolves with the exit code once its pipes have closed. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return closed;
    },
  };
}

/**
 * Starts the whole fleet. Options: port (nginx), instancePorts, sandboxPort, postgresPort,
 * sandboxEnv (extra), portalEnv (extra), sessionSecret, logDir (each process's output there).
 */
export async function startFleet({
  port = 8080,
  instancePorts = [3201, 3202],
  sandboxPort = 4020,
  postgresPort = 55433,
  sandboxEnv = {},
  portalEnv = {},
  sessionSecret,
  logDir = path.join(fleetDir, `logs-${port}`),
}) {
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    for (const p of [port, ...instancePorts, sandboxPort, postgresPort]) await assertPortFree(p);
    const postgres = await startPostgres(postgresPort);
    stops.push(async () => postgres.stop());

    const env = serverEnv({ port, sandboxPort, mode: "demo", dataDir: "memory", sessionSecret });
    const sandbox = startLogged(
      path.join(root, "node_modules", ".bin", "tsx"),
      ["sandbox/src/main.ts"],
      { ...env.sandbox, DATABASE_URL: postgres.url, ...sandboxEnv },
      path.join(logDir, "sandbox.log"),
    );
    stops.push(() => sandbox.stop());
    await waitFor(`http://127.0.0.1:${sandboxPort}/ready`, 120_000);

    const startInstance = (instancePort) =>
      startLogged(
        process.execPath,
        ["server.mjs", "-p", String(instancePort)],
        {
          ...env.portal,
          NODE_ENV: "production",
          PORT: String(instancePort),
          PORTAL_LISTEN_HOST: "127.0.0.1",
          TRUST_PROXY: "true",
          ...portalEnv,
        },
        path.join(logDir, `portal-${instancePort}.log`),
      );
    const instances = instancePorts.map((instancePort) => {
      let running = startInstance(instancePort);
      const instance = {
        port: instancePort,
        get pid() {
          return running.child.pid;
        },
        /** SIGTERM: the instance drains and exits; resolves with its exit code. */
        stop: () => running.stop(),
        /** Starts it again (after stop) and waits until it answers. */
        async start() {
          running = startInstance(instancePort);
          await waitFor(`http://127.0.0.1:${instancePort}/api/health`);
        },
      };
      stops.push(() => instance.stop());
      return instance;
    });
    for (const instance of instances) await waitFor(`http://127.0.0.1:${instance.port}/api/health`);

    const nginxDir = path.join(fleetDir, `nginx-${port}`);
    rmSync(nginxDir, { recursive: true, force: true });
    for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
      mkdirSync(path.join(nginxDir, "tmp", sub), { recursive: true });
      // nginx's workers run as nobody when it is started as root.
      chmodSync(path.join(nginxDir, "tmp", sub), 0o777);
    }
    chmodSync(path.join(nginxDir, "tmp"), 0o755);
    const conf = path.join(nginxDir, "nginx.conf");
    writeFileSync(conf, nginxConfig({ port, instances: instancePorts, dir: nginxDir }));
    const nginx = startLogged(
      NGINX,
      ["-p", nginxDir, "-e", path.join(nginxDir, "error.log"), "-c", conf, "-g", "daemon off;"],
      {},
      path.join(logDir, "nginx.log"),
    );
    stops.push(() => nginx.stop());
    await waitFor(`http://127.0.0.1:${port}/api/health`);

    return {
      url: `http://localhost:${port}`,
      port,
      sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
      instances,
      logDir,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
