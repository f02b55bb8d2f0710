// @ts-check
// Marks the browser's JavaScript chunks for eager compilation: V8's explicit compile hint
// (`//# allFunctionsCalledOnLoad` as a file's first line; Chrome 136+, https://v8.dev/blog/explicit-compile-hints)
// compiles every function of the file while the file streams in, on a background thread, instead
// of lazily on the main thread the first time each is called. Next.js's bootstrap calls most of the
// framework's functions at once, so without it the page's longest task (the first run of the
// framework and the app's modules) is half compilation. Browsers other than Chrome read a comment.
// `next build` runs it (next.config.mjs, compiler.runAfterProductionCompile); Turbopack has no
// banner option, hence a step on its output.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
/**
 * Smaller chunks compile in well under a millisecond either way; the hint's ~30 gzip bytes each
 * would only add to the first-load budget.
 */
export const MIN_HINTED_BYTES = 20_000;

/** @param {{ projectDir: string, distDir: string }} dirs */
export async function addCompileHints({ projectDir, distDir }) {
  const dir = path.join(path.resolve(projectDir, distDir), "static", "chunks");
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith(".js"));
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const code = await readFile(full, "utf8");
      if (code.length >= MIN_HINTED_BYTES && !code.startsWith(COMPILE_HINT))
        await writeFile(full, COMPILE_HINT + code);
    }),
  );
}
