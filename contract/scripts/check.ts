// npm run contract:check -- --api <URL> --host <portal host> --email <E> --password <P> [--write]
// Checks a billing API against the /v1 contract: one line per call, exit code 0 only when every
// call conforms. --write also calls the mutating operations, putting back what they change: run it
// against a test tenant only.
import { parseArgs } from "node:util";
import { formatReport, runCheck } from "../src/check";

const USAGE =
  "usage: npm run contract:check -- --api <URL> --host <portal host> --email <E> --password <P> [--write] [--timeout <ms>]";

function options() {
  try {
    const { values } = parseArgs({
      options: {
        api: { type: "string" },
        host: { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
        write: { type: "boolean", default: false },
        timeout: { type: "string", default: "15000" },
        help: { type: "boolean", default: false },
      },
    });
    if (values.help) return null;
    const { api, host, email, password } = values;
    if (!api || !host || !email || !password)
      throw new Error("--api, --host, --email and --password are required");
    if (!/^https?:\/\//.test(api)) throw new Error("--api must be an http(s) URL");
    const timeoutMs = Number(values.timeout);
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
      throw new Error("--timeout must be milliseconds");
    return { api, host, email, password, write: values.write, timeoutMs };
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    console.error(USAGE);
    process.exit(2);
  }
}

const given = options();
if (!given) {
  console.log(USAGE);
  process.exit(0);
}
const report = await runCheck(given);
console.log(formatReport(report));
process.exit(report.ok ? 0 : 1);
