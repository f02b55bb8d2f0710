// npm run demo – build the portal, start the seeded sandbox and the portal, print where to go.
import { bin, demoSessionSecret, run, serverEnv, start, waitFor } from "./processes.mjs";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const env = serverEnv({
  port,
  sandboxPort,
  mode: "demo",
  dataDir: process.env.SANDBOX_DATA_DIR ?? ".data/sandbox",
  sessionSecret: demoSessionSecret(),
});

if (!dev && !process.argv.includes("--no-build")) {
  const code = await run(bin("next"), ["build"]);
  if (code !== 0) process.exit(code);
}

const children = [
  start("sandbox", bin("tsx"), ["sandbox/src/main.ts"], env.sandbox),
  // server.mjs: Next.js's handler plus the socket's address, refused targets and nosniff.
  start("portal", process.execPath, ["server.mjs", ...(dev ? ["--dev"] : []), "-p", String(port)], {
    ...env.portal,
    ...(dev ? {} : { NODE_ENV: "production" }),
  }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) {
  child.on("exit", (code) => {
    if (code && code !== 0) {
      console.error(`A process stopped with code ${code}; stopping the demo.`);
      stop();
      process.exitCode = code;
    }
  });
}

await waitFor(`http://127.0.0.1:${sandboxPort}/v1/portalConfiguration?host=localhost`);
await waitFor(`http://127.0.0.1:${port}/portal/login`);
console.log(`
  Billing portal is running.

  Acme Water     http://localhost:${port}/portal/login
  Globex Energy  http://127.0.0.1:${port}/portal/login
  Sandbox API    http://127.0.0.1:${sandboxPort}  (mailbox: /__sandbox/mailbox?to=EMAIL)

  Sign in with password Portal!2345 as
    ada@acme.test     one customer (Acme Water)
    multi@acme.test   three customers: try the customer switcher
    zero@acme.test    one customer with nothing due
    gina@globex.test  Globex Energy (use the 127.0.0.1 address)

  Ctrl+C stops both processes.
`);
