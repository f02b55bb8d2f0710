// A locale's texts as the portal shows them, read from its catalogues, so a spec in German or
// Arabic finds elements by the same roles and labels a reader of that language sees.
import { readFileSync } from "node:fs";
import path from "node:path";

type Tree = { [key: string]: string | Tree };

const cache = new Map<string, Tree>();
function namespace(locale: string, ns: string): Tree {
  const key = `${locale}/${ns}`;
  let tree = cache.get(key);
  if (!tree) {
    tree = JSON.parse(
      readFileSync(path.join(process.cwd(), "messages", locale, `${ns}.json`), "utf8"),
    ) as Tree;
    cache.set(key, tree);
  }
  return tree;
}

/**
 * `text("lists.filter.button")` in the locale; `{name}` arguments are filled in (plural and select
 * messages are not needed by the specs, and a key that is one fails loudly).
 */
export function texts(locale: string) {
  return (key: string, values: Record<string, string | number> = {}): string => {
    const [ns, ...rest] = key.split(".");
    let node: string | Tree | undefined = namespace(locale, ns!);
    for (const part of rest) node = typeof node === "object" ? node[part] : undefined;
    if (typeof node !== "string") throw new Error(`no message ${locale}:${key}`);
    if (/\{\w+,/.test(node)) throw new Error(`${locale}:${key} is a plural or select message`);
    return node.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  };
}
