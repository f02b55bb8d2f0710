// Types of scripts/compile-hints.mjs for tests/unit/compile-hints.test.ts.
export declare const COMPILE_HINT: string;
export declare const MIN_HINTED_BYTES: number;
export declare function addCompileHints(dirs: {
  projectDir: string;
  distDir: string;
}): Promise<void>;
