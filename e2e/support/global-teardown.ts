import { readFile } from "node:fs/promises";
import { PORTAL_ERROR_LOG } from "../../playwright.config";

// Lines the portal writes only when something was not handled: Next.js's render errors (⨯), the
// BFF's and the pages' "unexpected" failures, and Node's last words. An upstream failure the
// portal expected is logged too ("[bff] billing API error 502 …"), and is not one of these.
const UNHANDLED =
  /⨯|\[bff\] unexpected|failed unexpectedly|prefetch failed|\[shell\] failed|unhandled|uncaught/i;

/** Fails the run when the portal logged an unhandled error during it (issue 12 §3). */
export default async function globalTeardown() {
  const log = await readFile(PORTAL_ERROR_LOG, "utf8").catch(() => "");
  const lines = log.split("\n").filter((line) => UNHANDLED.test(line));
  if (lines.length > 0)
    throw new Error(
      `The portal logged ${lines.length} unhandled error line(s) during the run ` +
        `(${PORTAL_ERROR_LOG}):\n${lines.slice(0, 20).join("\n")}`,
    );
}
