// The export measurement alone: `npx tsx bench/export-memory.ts [--usages N] [--port P]`. Seeds
// ada's usages to N in a PGlite folder of its own (.data/bench-export/, so it never opens the
// folder a full `npm run bench` may hold), starts the sandbox on its own port and runs the
// bench's measureExport: XLSX of every usage, its time, peak RSS minus RSS before, and the list
// page's latency meanwhile; then measureExportDownload: the same usages downloaded now as CSV and
// XLSX (issue 32 §4). Prints the table and the figures as JSON.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { measureExport, measureExportDownload } from "./export";
import { jsonOf, pick, sandboxLogin, timedRequest } from "./http";
import { root, runCommand, startSandbox, stopAll, waitForHttp } from "./processes";
import { printTable } from "./report";

/** Usages the demo seed gives ada before any scale seeding. */
const DEMO_USAGES = 1000;

const { values } = parseArgs({
  options: {
    usages: { type: "string", default: "1000000" },
    port: { type: "string", default: "4315" },
  },
});
const usages = Number(values.usages);
const port = Number(values.port);
if (!Number.isInteger(usages) || usages < DEMO_USAGES) throw new Error(`--usages ≥ ${DEMO_USAGES}`);

const dataDir = path.join(root, ".data", "bench-export", `pglite-${usages}`);
const logFile = path.join(root, ".data", "bench-export", "sandbox.log");
const url = `http://127.0.0.1:${port}`;

async function main(): Promise<number> {
  if (!existsSync(dataDir)) {
    console.log(`▸ seeding ${usages.toLocaleString("en")} usages into ${dataDir}`);
    const started = Date.now();
    const code = await runCommand(
      "npm",
      ["run", "--silent", "seed", "--", "--usages", String(usages - DEMO_USAGES)],
      { SANDBOX_DATA_DIR: dataDir, DATABASE_URL: "" },
    );
    if (code !== 0) throw new Error(`npm run seed failed with code ${code}`);
    console.log(`  seeded in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const sandbox = startSandbox(
    {
      SANDBOX_PORT: String(port),
      SANDBOX_MODE: "demo",
      SANDBOX_DATA_DIR: dataDir,
      DATABASE_URL: "",
      SANDBOX_LOG: "0",
      ACCESS_TOKEN_TTL_SECONDS: "86400",
    },
    logFile,
  );
  await waitForHttp(sandbox, `${url}/healthz`);
  const bearer = await sandboxLogin(url);
  const page = `${url}/v1/usages?page=1&size=10&sort=date%20desc&with_total=false`;
  const total = pick(
    jsonOf(
      await timedRequest(`${url}/v1/usages?size=1`, {
        headers: { Authorization: `Bearer ${bearer}` },
      }),
    ),
    "data",
    "total",
  );
  if (total !== usages)
    throw new Error(`ada has ${String(total)} usages in ${dataDir}, not ${usages}`);
  console.log(
    `▸ exporting ${usages.toLocaleString("en")} usages as XLSX (sandbox pid ${sandbox.pid})`,
  );
  const figures = await measureExport(url, bearer, sandbox.pid, usages, page);
  for (const format of ["csv", "xlsx"] as const) {
    console.log(`▸ downloading them now as ${format.toUpperCase()}`);
    figures.push(...(await measureExportDownload(url, bearer, sandbox.pid, usages, format)));
  }
  printTable(figures);
  console.log(JSON.stringify(figures, null, 2));
  return figures.every((f) => f.status === "ok" && f.pass !== false) ? 0 : 1;
}

main()
  .then(async (code) => {
    await stopAll();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error(err);
    await stopAll();
    process.exit(1);
  });
