import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkImports } from "../../scripts/check-imports.mjs";

const root = path.resolve(import.meta.dirname, "../..");

describe("import rules (npm run lint: scripts/check-imports.mjs)", () => {
  it("hold for the portal: lib/ never imports components/ or app/, no cycles, nothing server-only or classic zod in a client bundle", () => {
    expect(checkImports(root).problems).toEqual([]);
  });
});

describe("the import checker", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const check = (files: Record<string, string>) =>
    checkImports(tree(files), { allowList: [] }).problems;
  function tree(files: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-rules-"));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    return dir;
  }

  it("finds a runtime cycle and ignores one closed by `import type`", () => {
    const problems = check({
      "lib/a.ts": 'import { b } from "@/lib/b";\nexport const a = b;\n',
      "lib/b.ts": 'import { c } from "./c";\nexport const b = c;\n',
      "lib/c.ts": 'import { a } from "@/lib/a";\nexport const c = () => a;\n',
      "lib/d.ts": 'import type { E } from "./e";\nexport type D = E;\n',
      "lib/e.ts": 'import { type D } from "./d";\nexport type E = D | 1;\n',
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^\[cycle\] import cycle: lib\/a\.ts → lib\/b\.ts → lib\/c\.ts → lib\/a\.ts/,
      ),
    ]);
  });

  it("finds lib/ importing components/ or app/, by alias or relative path", () => {
    const problems = check({
      "components/button.tsx": "export const Button = 1;\n",
      "app/page.tsx": "export default 1;\n",
      "lib/x.ts": 'import { Button } from "@/components/button";\nexport const x = Button;\n',
      "lib/deep/y.ts": 'import page from "../../app/page";\nexport const y = page;\n',
    });
    expect(problems).toEqual([
      "[lib-imports-ui] lib/deep/y.ts imports app/page.tsx: lib/ never imports components/ or app/",
      "[lib-imports-ui] lib/x.ts imports components/button.tsx: lib/ never imports components/ or app/",
    ]);
  });

  it("finds server-only modules and classic zod reached from a client file, not type imports or zod/mini", () => {
    const problems = check({
      "components/view.tsx":
        '"use client";\nimport { rows } from "@/lib/rows";\nimport type { Secret } from "@/lib/secret";\nexport const view = rows;\n',
      "lib/rows.ts":
        'import * as z from "zod/mini";\nimport { load } from "./load";\nexport const rows = [z, load];\n',
      "lib/load.ts":
        'import { z } from "zod";\nimport { token } from "./secret";\nexport const load = [z, token];\n',
      "lib/secret.ts":
        'import "server-only";\nexport type Secret = string;\nexport const token = 1;\n',
      "lib/server.ts": 'import "server-only";\nimport { z } from "zod";\nexport const s = z;\n',
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^\[client-server\] lib\/secret\.ts is server-only but reaches the browser: components\/view\.tsx → lib\/rows\.ts → lib\/load\.ts → lib\/secret\.ts$/,
      ),
      expect.stringMatching(/^\[client-zod\] lib\/load\.ts imports classic "zod"/),
    ]);
  });

  it("finds the contract importing above itself, and the sandbox importing the portal", () => {
    const problems = check({
      "lib/rules.ts": "export const rules = 1;\n",
      "sandbox/src/store.ts": 'import { z } from "zod";\nexport const store = z;\n',
      "contract/src/ok.ts":
        'import { z } from "zod";\nimport { a } from "./enums";\nexport const ok = [z, a];\n',
      "contract/src/enums.ts": "export const a = 1;\n",
      "contract/src/bad.ts":
        'import "server-only";\nimport { rules } from "../../lib/rules";\nimport { store } from "../../sandbox/src/store";\nexport const bad = [rules, store];\n',
      "sandbox/src/route.ts":
        'import { rules } from "../../lib/rules";\nimport { a } from "@billing-portal/contract/enums";\nexport const route = [rules, a];\n',
    });
    expect(problems).toEqual([
      "[contract-up] contract/src/bad.ts imports lib/rules.ts: contract/ imports nothing of the portal, the sandbox, React or Next.js",
      "[contract-up] contract/src/bad.ts imports sandbox/src/store.ts: contract/ imports nothing of the portal, the sandbox, React or Next.js",
      "[contract-up] contract/src/bad.ts imports server-only: contract/ imports nothing of the portal, the sandbox, React or Next.js",
      "[sandbox-portal] sandbox/src/route.ts imports lib/rules.ts: the sandbox never imports the portal (shared code lives in contract/)",
    ]);
  });
});
