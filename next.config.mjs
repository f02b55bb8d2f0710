import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: {
    // Messages are compiled at build time, so the browser gets no ICU parser (in every page's
    // first-load JS otherwise: bench/README.md). The catalogues stay one JSON file per feature and
    // locale (messages/<locale>/).
    // The locales of lib/i18n/locales.ts (tests/ui/messages.test.ts checks they agree).
    messages: {
      path: "./messages",
      format: "json",
      locales: ["en", "es", "fr", "de", "it", "pt-BR", "nl", "ja", "zh-CN", "ar"],
      precompile: true,
    },
  },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A second build folder lets a measurement run beside the e2e suite's .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // The /v1 contract is a workspace of TypeScript sources (contract/), compiled with the app.
  transpilePackages: ["@billing-portal/contract"],
  experimental: {
    // The stylesheet (Tailwind) rides in the page's <head> instead of a render-blocking request of
    // its own: on a throttled phone's first visit the first paint no longer waits for it. Costs:
    // Next.js sends it three times in the HTML (the style element, and the flight data of the root
    // layout and of global-error, to which Turbopack attributes the shared chunk whatever it
    // imports): more bytes per document load, none per client navigation; and the browser cannot
    // cache it apart. The figures: bench/README.md "Latest figures", "Decision: the stylesheet is
    // inlined".
    inlineCss: true,
  },
  reactStrictMode: true,
  turbopack: {
    resolveAlias: {
      // TanStack Store (under TanStack Table) still imports the React 17 shim of
      // useSyncExternalStore; React 19 has the hook, and the shim's fallback is dead weight on the
      // dashboard's first load. The package's own non-shim entry uses React's hook.
      "use-sync-external-store/shim/with-selector": "use-sync-external-store/with-selector",
    },
  },
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
