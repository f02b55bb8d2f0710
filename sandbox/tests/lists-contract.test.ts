// The sandbox's lists serve the contract's list protocol (contract/src/lists.ts): the same
// built-in filter fields with the same types, the same default sorts and configuration keys.
import { LIST_PROTOCOL } from "@billing-portal/contract/lists";
import { describe, expect, it } from "vitest";
import { MODULE_DEFINITIONS, MODULES } from "../src/lists/modules";

describe("the sandbox's list modules and the contract's list protocol", () => {
  it.each(MODULES)("%s: filter fields, default sort and object key agree", (module) => {
    const def = MODULE_DEFINITIONS[module];
    const protocol = LIST_PROTOCOL[module];
    expect(Object.fromEntries(def.filters.map((f) => [f.name, f.type]))).toEqual(protocol.filters);
    expect(def.defaultSort).toEqual(protocol.defaultSort);
    expect(def.objectKey).toBe(protocol.objectKey);
  });
});
