import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: {
    // Messages are compiled at build time, so the browser gets no ICU parser (about 10 kB on
    // every page). The catalogues stay one JSON file per feature and locale (messages/<locale>/).
    messages: { path: "./messages", format: "json", locales: ["en", "es"], precompile: true },
  },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A second build folder lets a measurement run beside the e2e suite's .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  compiler: {
    // server.mjs answers the hottest BFF route itself (server/fast-routes.mjs), and the browser's
    // chunks get V8's compile hint (scripts/compile-hints.mjs). Loaded only here, when building
    // (esbuild is a dev dependency), never when the portal starts.
    runAfterProductionCompile: async (dirs) => {
      const [{ buildFastRoutes }, { addCompileHints }] = await Promise.all([
        import("./server/build-fast-routes.mjs"),
        import("./scripts/compile-hints.mjs"),
      ]);
      await Promise.all([buildFastRoutes(dirs), addCompileHints(dirs)]);
    },
  },
};

export default withNextIntl(nextConfig);
