/**
 * CLI: `tsx sandbox/src/main.ts` (npm run sandbox). Configuration from the environment (see
 * sandbox/README.md).
 */
import { ConfigError, loadConfig } from "./config";
import { createSandbox } from "./server";

async function main(): Promise<void> {
  const config = loadConfig();
  const sandbox = await createSandbox(config);
  const url = await sandbox.listen();
  const where = config.databaseUrl
    ? "PostgreSQL"
    : config.dataDir === "memory"
      ? "in-memory PGlite"
      : `PGlite in ${config.dataDir}`;
  console.log(`Sandbox billing API on ${url} (mode ${config.mode})`);
  console.log(`Sandbox database: ${where}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Sandbox: ${signal} received, shutting down`);
    // Closing the database lets PGlite flush its files consistently.
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(
          `Sandbox: error while closing: ${err instanceof Error ? err.message : String(err)}`,
        );
        process.exit(1);
      },
    );
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else
    console.error(
      `Sandbox failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
  process.exit(1);
});
