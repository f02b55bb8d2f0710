// npm run fleet – the portal as it runs in production, on this machine: PostgreSQL with the sandbox
// on it, two portal instances, and nginx in front of them on one port (scripts/fleet-lib.mjs).
//
//   npm run fleet [-- --no-build] [--port 8080]
import { parseArgs } from "node:util";
import { ensureSystemPackages, startFleet } from "./fleet-lib.mjs";
import { bin, demoSessionSecret, run } from "./processes.mjs";

const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    port: { type: "string", default: process.env.PORT ?? "8080" },
  },
});
const port = Number(values.port);

try {
  ensureSystemPackages();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
if (!values["no-build"]) {
  const code = await run(bin("next"), ["build"]);
  if (code !== 0) process.exit(code);
}

const fleet = await startFleet({ port, sessionSecret: demoSessionSecret() }).catch((err) => {
  console.error(`The fleet did not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
const [first, second] = fleet.instances;
console.log(`
  Billing portal fleet is running.

  Acme Water     http://localhost:${port}/portal/login
  Globex Energy  http://127.0.0.1:${port}/portal/login

  nginx on :${port} → portal instances on :${first.port} and :${second.port} (round robin;
  an instance that fails is left out for 5 s; GET and HEAD retried on the other one)
  Sandbox API    ${fleet.sandboxUrl}, on PostgreSQL
  Logs           ${fleet.logDir}

  Sign in with password Portal!2345 as ada@acme.test (more users: README).
  Try: kill -TERM ${first.pid}   (one instance drains and exits; the portal keeps answering)

  Ctrl+C stops everything.
`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await fleet.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
