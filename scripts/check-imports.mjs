// The import rules of the repository (part of `npm run lint`; tests/lint/import-rules.test.ts runs
// the same check). It reads the imports of the portal (app/, components/, lib/, i18n/, server/), the
// sandbox (sandbox/src) and the /v1 contract (contract/src) with the TypeScript compiler, resolves
// `@/` to the repository root and `@billing-portal/contract/<m>` to contract/src/<m>, and fails on:
//   lib-imports-ui   lib/ imports components/ or app/ (ESLint's no-restricted-imports says so too)
//   cycle            an import cycle (runtime imports; `import type` is erased and does not count)
//   client-server    a module with `import "server-only"` reachable from a "use client" file
//   client-zod       a runtime import of classic `zod` reachable from a "use client" file
//                    (weight in first-load JS and a `new Function` probe that our CSP refuses;
//                    zod/mini is fine)
//   layers           lib/billing reaching up into the session, the BFF glue or the prefetch
//                    (lib/session, lib/http, lib/query), or the lists' browser modules into the
//                    server (lib/billing, lib/http, lib/query, lib/session)
//   contract-up      contract/ importing anything above it: a file outside contract/, React,
//                    Next.js, server-only or another workspace (both processes depend on it)
//   sandbox-portal   the sandbox importing the portal (lib/, app/, components/, i18n/, server/):
//                    what both need lives in the contract
// Known violations in code that is still to move are listed in KNOWN_VIOLATIONS below; an entry
// that no longer matches fails too, so the list only shrinks.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const SOURCE_DIRS = ["app", "components", "lib", "i18n", "server", "sandbox/src", "contract/src"];
const CONTRACT_PACKAGE = "@billing-portal/contract/";
/** Packages the contract may not import: it runs in the portal, its browser code and the sandbox. */
const ABOVE_THE_CONTRACT = /^(react|react-dom|next|next-intl|server-only|@billing-portal\/|@\/)/;
const PORTAL_DIRS = /^(lib|app|components|i18n|server)\//;
const ROOT_FILES = ["proxy.ts", "instrumentation.ts"];
const CODE_EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".jsx", ".mjs"];
/** Classic zod entry points; zod/mini, zod/v4-mini and zod/v4/core are not. */
const CLASSIC_ZOD = new Set(["zod", "zod/v4", "zod/v3", "zod/v4/classic"]);

const LAYERS = [
  { from: "lib/billing/", forbid: ["lib/session/", "lib/http/", "lib/query/"] },
  { from: "lib/lists/", forbid: ["lib/billing/", "lib/http/", "lib/query/", "lib/session/"] },
  { from: "lib/format/", forbid: ["lib/billing/", "lib/http/", "lib/query/", "lib/session/"] },
];

/**
 * THE ALLOW-LIST: violations in files still to be moved onto the feature template. Each entry is
 * one finding (rule and module, plus `to` for an import); empty it, do not grow it.
 */
export const KNOWN_VIOLATIONS = [];

/** @param {string} file */
function scriptKind(file) {
  if (file.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (file.endsWith(".jsx")) return ts.ScriptKind.JSX;
  if (file.endsWith(".js") || file.endsWith(".mjs")) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** @param {string} dir @returns {string[]} */
function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (
      CODE_EXTENSIONS.some((ext) => entry.name.endsWith(ext)) &&
      !entry.name.endsWith(".d.ts")
    )
      out.push(full);
  }
  return out;
}

/**
 * The imports of one file: specifier, whether it is erased (type-only) and whether it is dynamic.
 * @param {string} file
 */
function readFile(file) {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  /** @type {{ spec: string; typeOnly: boolean; dynamic: boolean }[]} */
  const imports = [];
  let useClient = false;
  let serverOnly = false;
  for (const statement of source.statements) {
    if (
      ts.isExpressionStatement(statement) &&
      ts.isStringLiteral(statement.expression) &&
      statement.expression.text === "use client"
    )
      useClient = true;
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
  }
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!named &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly)));
      const spec = statement.moduleSpecifier.text;
      if (!clause && spec === "server-only") serverOnly = true;
      imports.push({ spec, typeOnly, dynamic: false });
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const clause = statement.exportClause;
      const typeOnly =
        statement.isTypeOnly ||
        (!!clause &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((e) => e.isTypeOnly));
      imports.push({ spec: statement.moduleSpecifier.text, typeOnly, dynamic: false });
    }
  }
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      imports.push({ spec: node.arguments[0].text, typeOnly: false, dynamic: true });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, useClient, serverOnly };
}

/** @param {string} base @returns {string | null} */
function resolveFile(base) {
  const candidates = [
    base,
    ...CODE_EXTENSIONS.map((ext) => base + ext),
    ...CODE_EXTENSIONS.map((ext) => path.join(base, "index" + ext)),
  ];
  for (const candidate of candidates)
    if (
      CODE_EXTENSIONS.some((ext) => candidate.endsWith(ext)) &&
      fs.existsSync(candidate) &&
      fs.statSync(candidate).isFile()
    )
      return candidate;
  return null;
}

/**
 * The import graph of the portal's source.
 * @param {string} root
 */
export function buildGraph(root) {
  const files = [
    ...SOURCE_DIRS.flatMap((dir) => walk(path.join(root, dir))),
    ...ROOT_FILES.map((f) => path.join(root, f)).filter((f) => fs.existsSync(f)),
  ];
  const rel = (/** @type {string} */ file) => path.relative(root, file).split(path.sep).join("/");
  /** @type {Map<string, { useClient: boolean; serverOnly: boolean; edges: { to: string | null; external: string | null; typeOnly: boolean; dynamic: boolean }[] }>} */
  const graph = new Map();
  for (const file of files) {
    const { imports, useClient, serverOnly } = readFile(file);
    const edges = imports.map(({ spec, typeOnly, dynamic }) => {
      let target = null;
      if (spec.startsWith("@/")) target = resolveFile(path.join(root, spec.slice(2)));
      else if (spec.startsWith(CONTRACT_PACKAGE))
        target = resolveFile(path.join(root, "contract/src", spec.slice(CONTRACT_PACKAGE.length)));
      else if (spec.startsWith(".")) target = resolveFile(path.resolve(path.dirname(file), spec));
      else return { to: null, external: spec, typeOnly, dynamic };
      return { to: target ? rel(target) : null, external: null, typeOnly, dynamic };
    });
    graph.set(rel(file), { useClient, serverOnly, edges });
  }
  return graph;
}

/** Strongly connected components of the runtime (static) import graph, each of 2+ files or a self-import. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indices = new Map();
  const low = new Map();
  const out = [];
  const next = (file) =>
    (graph.get(file)?.edges ?? [])
      .filter((e) => e.to && !e.typeOnly && !e.dynamic && graph.has(e.to))
      .map((e) => e.to);
  const strong = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!indices.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || next(v).includes(v)) out.push(component.sort());
    }
  };
  for (const file of [...graph.keys()].sort()) if (!indices.has(file)) strong(file);
  // One concrete loop per component, for the message.
  return out.map((component) => {
    const members = new Set(component);
    const start = component[0];
    const previous = new Map([[start, null]]);
    const queue = [start];
    while (queue.length) {
      const v = queue.shift();
      for (const w of next(v).filter((x) => members.has(x))) {
        if (w === start) {
          const loop = [v];
          while (previous.get(loop[0])) loop.unshift(previous.get(loop[0]));
          return { component, loop: [...loop, start] };
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    return { component, loop: component };
  });
}

/** Everything a "use client" file pulls into the browser: the reachable modules and one path to each. */
function clientReach(graph) {
  /** @type {Map<string, string[]>} module → path from a client file */
  const reached = new Map();
  const roots = [...graph.keys()].filter((f) => graph.get(f).useClient).sort();
  for (const root of roots) {
    if (reached.has(root)) continue;
    reached.set(root, [root]);
    const queue = [root];
    while (queue.length) {
      const v = queue.shift();
      for (const e of graph.get(v)?.edges ?? []) {
        if (e.typeOnly || !e.to || reached.has(e.to) || !graph.has(e.to)) continue;
        reached.set(e.to, [...reached.get(v), e.to]);
        queue.push(e.to);
      }
    }
  }
  return reached;
}

/**
 * Every finding of the import rules, with the allow-list applied.
 * @param {string} root
 * @param {{ allowList?: readonly { rule: string; from: string; to?: string }[] }} [options]
 */
export function checkImports(root, { allowList = KNOWN_VIOLATIONS } = {}) {
  const graph = buildGraph(root);
  /** @type {{ rule: string; from: string; to?: string; message: string }[]} */
  const findings = [];
  for (const [file, node] of graph) {
    for (const e of node.edges) {
      if (file.startsWith("contract/")) {
        const above = e.to ? !e.to.startsWith("contract/") : ABOVE_THE_CONTRACT.test(e.external);
        if (above)
          findings.push({
            rule: "contract-up",
            from: file,
            to: e.to ?? e.external,
            message: `${file} imports ${e.to ?? e.external}: contract/ imports nothing of the portal, the sandbox, React or Next.js`,
          });
      }
      if (!e.to) continue;
      if (file.startsWith("sandbox/") && PORTAL_DIRS.test(e.to))
        findings.push({
          rule: "sandbox-portal",
          from: file,
          to: e.to,
          message: `${file} imports ${e.to}: the sandbox never imports the portal (shared code lives in contract/)`,
        });
      if (file.startsWith("lib/") && /^(components|app)\//.test(e.to))
        findings.push({
          rule: "lib-imports-ui",
          from: file,
          to: e.to,
          message: `${file} imports ${e.to}: lib/ never imports components/ or app/`,
        });
      for (const layer of LAYERS)
        if (file.startsWith(layer.from) && layer.forbid.some((f) => e.to.startsWith(f)))
          findings.push({
            rule: "layers",
            from: file,
            to: e.to,
            message: `${file} imports ${e.to}: ${layer.from} never imports ${layer.forbid.join(", ")}`,
          });
    }
  }
  for (const { component, loop } of cycles(graph))
    findings.push({
      rule: "cycle",
      from: component[0],
      message: `import cycle: ${loop.join(" → ")}${component.length > loop.length - 1 ? ` (files: ${component.join(", ")})` : ""}`,
    });
  for (const [file, trail] of clientReach(graph)) {
    const node = graph.get(file);
    if (node.serverOnly)
      findings.push({
        rule: "client-server",
        from: file,
        message: `${file} is server-only but reaches the browser: ${trail.join(" → ")}`,
      });
    const zod = node.edges.find((e) => !e.typeOnly && e.external && CLASSIC_ZOD.has(e.external));
    if (zod)
      findings.push({
        rule: "client-zod",
        from: file,
        message: `${file} imports classic "${zod.external}" and reaches the browser: ${trail.join(" → ")} (use zod/mini or import type)`,
      });
  }
  const matches = (known, f) =>
    known.rule === f.rule && known.from === f.from && (known.to === undefined || known.to === f.to);
  const problems = findings
    .filter((f) => !allowList.some((known) => matches(known, f)))
    .map((f) => `[${f.rule}] ${f.message}`)
    .sort();
  const stale = allowList
    .filter((known) => !findings.some((f) => matches(known, f)))
    .map(
      (known) =>
        `[allow-list] ${known.rule} ${known.from}${known.to ? ` → ${known.to}` : ""} no longer happens: remove it from KNOWN_VIOLATIONS`,
    );
  return { problems: [...problems, ...stale], allowed: allowList.length };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const { problems, allowed } = checkImports(root);
  if (problems.length > 0) {
    console.error(`Import rules: ${problems.length} problem(s)\n${problems.join("\n")}`);
    process.exit(1);
  }
  console.log(`Import rules: no problems (${allowed} known violation(s) in the allow-list).`);
}
