// @ts-check
// Bundles the routes of ./fast-routes.mjs into <distDir>/fast-routes/<name>.cjs. `next build`
// runs it (next.config.mjs, compiler.runAfterProductionCompile), so every production build has
// them; a development server has none and leaves every request to Next.js.
import path from "node:path";
import { build } from "esbuild";
import { FAST_ROUTES, fastRoutesDir } from "./fast-routes.mjs";

const CONTRACT = "@billing-portal/contract/";

/** @param {{ projectDir: string, distDir: string }} dirs */
export async function buildFastRoutes({ projectDir, distDir }) {
  await build({
    absWorkingDir: projectDir,
    entryPoints: Object.fromEntries(
      Object.entries(FAST_ROUTES).map(([name, route]) => [name, route.file]),
    ),
    outdir: fastRoutesDir(path.resolve(projectDir, distDir)),
    outExtension: { ".js": ".cjs" },
    bundle: true,
    platform: "node",
    target: "node20",
    // CommonJS: next has no exports map, so "next/server" resolves for require() only.
    format: "cjs",
    tsconfig: path.join(projectDir, "tsconfig.json"),
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [
      {
        // next, zod, undici, iron-session… come from node_modules, as for Next.js's own server
        // bundles; the /v1 contract is a workspace of TypeScript sources and is bundled in.
        name: "packages-external",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith("@/") || args.path === "server-only") return undefined;
            if (args.path.startsWith(CONTRACT)) {
              const name = args.path.slice(CONTRACT.length);
              return { path: path.join(projectDir, "contract/src", `${name}.ts`) };
            }
            return { path: args.path, external: true };
          });
        },
      },
      {
        // The marker throws outside a react-server bundle; this one is server code by construction
        // (nothing here reaches a browser), so it resolves to nothing.
        name: "server-only",
        setup(b) {
          b.onResolve({ filter: /^server-only$/ }, () => ({
            path: "server-only",
            namespace: "empty",
          }));
          b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
        },
      },
    ],
    logLevel: "warning",
  });
}
