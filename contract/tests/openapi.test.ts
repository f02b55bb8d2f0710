// The published document: generated from the operations, valid OpenAPI 3.1 by an independent
// validator, committed as generated, and naming every operation docs/CONTRACT.md describes.
import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { LIST_MODULES } from "../src/enums";
import { openApiDocument } from "../src/openapi";
import { operations } from "../src/operations";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

/** `GET /v1/plans/{id}` of every operation in the document. */
function documented(doc: ReturnType<typeof openApiDocument>): string[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe("the OpenAPI document of /v1", () => {
  const doc = openApiDocument();

  it("is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("is committed as generated: contract/openapi.json is `npm run contract:openapi`'s output", () => {
    expect(JSON.parse(read("../openapi.json"))).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it("names every operation docs/CONTRACT.md describes, and no other", () => {
    const prose = read("../../docs/CONTRACT.md");
    const described = new Set(
      [...prose.matchAll(/\| (GET|POST|PUT|DELETE) (\/v1\/[^\s|?]*)/g)].map(
        ([, method, path]) => `${method} ${path}`,
      ),
    );
    // §5 writes the five lists once, as GET /v1/<module>.
    for (const list of LIST_MODULES) described.add(`GET /v1/${list}`);
    expect(new Set(documented(doc))).toEqual(described);
  });

  it("gives every operation a unique id, a success answer and its refusals", () => {
    const ids = operations.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, methods] of Object.entries(doc.paths))
      for (const operation of Object.values(methods)) {
        const responses = operation.responses as Record<string, unknown>;
        expect(Object.keys(responses)).toContain("default");
        expect(Object.keys(responses).some((code) => code === "200" || code === "201")).toBe(true);
      }
  });
});
