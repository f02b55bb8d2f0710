import { mkdirSync } from "node:fs";
import { resetSandbox } from "./sandbox";

/** Starts every run from the seed, and prepares the screenshot folder. */
export default async function globalSetup() {
  await resetSandbox();
  mkdirSync("e2e/screenshots", { recursive: true });
}
