// npm test – every test: unit and integration (Vitest), then the production build and the
// Playwright e2e suite in Chromium. JSON reports land in reports/ for CI's summary line.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { bin, root, run } from "./processes.mjs";

function findChromium() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((p) => p && existsSync(p));
}

function installChromium() {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (!isRoot || !hasApt) return false;
  console.log("Chromium not found: installing Debian's chromium with apt-get …");
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium", "fonts-liberation"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    return true;
  } catch {
    return false;
  }
}

let chromium = findChromium();
if (!chromium && installChromium()) chromium = findChromium();
if (!chromium) {
  console.error(
    "No Chromium found. Install one (Debian: `sudo apt-get install chromium fonts-liberation`)\n" +
      "or point CHROME_PATH at a Chromium or Chrome binary, then run `npm test` again.",
  );
  process.exit(1);
}

const reports = path.join(root, "reports");
mkdirSync(reports, { recursive: true });
const results = [];

results.push(
  await run(bin("vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${path.join(reports, "vitest.json")}`,
  ]),
);

if (process.env.PORTAL_PREBUILT !== "1") {
  const built = await run(bin("next"), ["build"]);
  if (built !== 0) process.exit(built);
}

results.push(
  await run(bin("playwright"), ["test"], {
    CHROME_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, "playwright.json"),
  }),
);

process.exit(results.some((code) => code !== 0) ? 1 : 0);
