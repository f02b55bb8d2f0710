// scripts/compile-hints.mjs: the browser's larger chunks start with V8's compile hint, once.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT, MIN_HINTED_BYTES } from "@/scripts/compile-hints.mjs";

describe("addCompileHints", () => {
  let projectDir: string;
  const chunks = () => path.join(projectDir, ".next", "static", "chunks");
  const big = "(()=>{" + "x=1;".repeat(MIN_HINTED_BYTES / 4) + "})();";

  beforeEach(async () => {
    projectDir = await mkdtemp(path.join(tmpdir(), "compile-hints-"));
    await mkdir(path.join(chunks(), "pages"), { recursive: true });
    await writeFile(path.join(chunks(), "framework.js"), big);
    await writeFile(path.join(chunks(), "pages", "nested.js"), big);
    await writeFile(path.join(chunks(), "tiny.js"), "x=1;");
    await writeFile(path.join(chunks(), "style.css"), "a{}".repeat(MIN_HINTED_BYTES));
  });
  afterEach(() => rm(projectDir, { recursive: true, force: true }));

  it("prepends the hint to every large script chunk, nested ones too, and leaves the rest", async () => {
    await addCompileHints({ projectDir, distDir: ".next" });
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
    expect(await readFile(path.join(chunks(), "framework.js"), "utf8")).toBe(COMPILE_HINT + big);
    expect(await readFile(path.join(chunks(), "pages", "nested.js"), "utf8")).toBe(
      COMPILE_HINT + big,
    );
    expect(await readFile(path.join(chunks(), "tiny.js"), "utf8")).toBe("x=1;");
    expect(await readFile(path.join(chunks(), "style.css"), "utf8")).not.toContain(COMPILE_HINT);
  });

  it("adds it once when the build step runs twice", async () => {
    await addCompileHints({ projectDir, distDir: ".next" });
    await addCompileHints({ projectDir, distDir: path.join(projectDir, ".next") });
    expect(await readFile(path.join(chunks(), "framework.js"), "utf8")).toBe(COMPILE_HINT + big);
  });
});
