import "server-only";
import type { z } from "zod";

/**
 * A tolerant reader of a contract type (docs/DECISIONS.md "The contract is strict, the portal
 * reads tolerantly"): the schema may accept more than the contract allows (an id as a number, a
 * missing optional part), but what it hands on must be the contract's type, so a change of the
 * contract is a compile error here.
 */
export const readerOf =
  <T>() =>
  <S extends z.ZodType<T>>(schema: S): S =>
    schema;
