// How an answer that breaks the contract is described: the JSON path of the field and what is wrong.
import { describe, expect, it } from "vitest";
import { answerDifferences, jsonPath } from "../src/conformance";
import { operationById } from "../src/operations";

const me = operationById("getMe");
const user = {
  id: "usr_1",
  email: "ada@acme.test",
  company_id: "acme",
  customer_id: "cus_1",
  selected_customer_id: null,
};
const ok = (data: unknown) => ({ code: 200, data, error: null });

describe("answerDifferences", () => {
  it("finds nothing in a conforming answer, extra fields included", () => {
    expect(answerDifferences(me, 200, ok({ ...user, locale: "en" }))).toEqual([]);
  });

  it("names a renamed field by its path and the name it has now", () => {
    const { email, ...rest } = user;
    expect(answerDifferences(me, 200, ok({ ...rest, emailAddress: email }))).toEqual([
      {
        path: "$.data.email",
        kind: "renamed",
        detail: '"email" is missing; the object has "emailAddress" instead (expected string)',
      },
    ]);
  });

  it("says missing when no other field could be it", () => {
    const { company_id: _, ...rest } = user;
    expect(answerDifferences(me, 200, ok(rest))).toEqual([
      { path: "$.data.company_id", kind: "missing", detail: "expected string, found nothing" },
    ]);
  });

  it("names a wrong type with what was found", () => {
    expect(answerDifferences(me, 200, ok({ ...user, selected_customer_id: 42 }))).toEqual([
      expect.objectContaining({ path: "$.data.selected_customer_id", kind: "wrong type" }),
    ]);
  });

  it("checks the envelope: error answers carry code, error and a readable errorCode", () => {
    expect(
      answerDifferences(me, 401, { code: 401, data: null, error: "no", errorCode: "unauthorized" }),
    ).toEqual([]);
    expect(answerDifferences(me, 401, { code: 403, data: null, error: "no" })).toEqual([
      expect.objectContaining({ path: "$.code", kind: "invalid" }),
    ]);
    expect(answerDifferences(me, 200, { data: user })).toEqual([
      expect.objectContaining({ path: "$.code", kind: "missing" }),
      expect.objectContaining({ path: "$.error", kind: "missing" }),
    ]);
  });

  it("writes JSON paths as JSONPath does", () => {
    expect(jsonPath(["data", "invoices", 0, "balance"])).toBe("$.data.invoices[0].balance");
    expect(jsonPath(["data", "custom fields"])).toBe('$.data["custom fields"]');
  });
});
