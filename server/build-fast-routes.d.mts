// Types of server/build-fast-routes.mjs for tests/bff/fast-routes.test.ts.
export declare function buildFastRoutes(dirs: {
  projectDir: string;
  distDir: string;
}): Promise<void>;
