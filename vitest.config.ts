import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/**/*.test.ts", "sandbox/tests/**/*.test.ts", "contract/tests/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    maxWorkers: 2,
    // "server-only" throws outside the react-server condition; unit tests import server modules directly.
    alias: { "server-only": path.resolve(import.meta.dirname, "tests/support/server-only.ts") },
  },
});
