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
    // server.mjs answers the hottest BFF route itself (server/fast-routes.mjs); esbuild is loaded
    // only here, when building, never when the portal starts.
    runAfterProductionCompile: async (dirs) =>
      (await import("./server/build-fast-routes.mjs")).buildFastRoutes(dirs),
  },
};

export default withNextIntl(nextConfig);
