import "server-only";
import type { z } from "zod";

/** The contract type without the index signature of an open (loose) object. */
type Known<C> = { [K in keyof C as string extends K ? never : K]: C[K] };

/** The field names the contract gives an object (a reader that renames fields must use these). */
export type WireKeys<C> = keyof Known<C> & string;

/**
 * What a reader may hand on for a contract type: for each field it reads, that field's contract
 * type (deeply, through objects and arrays); a field the contract does not name is `never`.
 */
type Reads<R, C> = R extends readonly (infer E)[]
  ? C extends readonly (infer F)[]
    ? readonly Reads<E, F>[]
    : never
  : R extends object
    ? C extends object
      ? { [K in keyof R]-?: K extends keyof Known<C> ? Reads<R[K], Known<C>[K]> : never }
      : never
    : R extends C
      ? R
      : never;

/**
 * A tolerant reader of a contract type (docs/DECISIONS.md "The contract is strict, the portal
 * reads tolerantly"): the schema may accept more than the contract allows (an id as a number, a
 * missing optional part), and may leave fields out, but every field it hands on has the name and
 * the type the contract gives it, so a change of the contract is a compile error here.
 */
export const readerOf =
  <C>() =>
  <S extends z.ZodType>(
    schema: S & (z.output<S> extends Reads<z.output<S>, C> ? unknown : never),
  ): S =>
    schema;

/** What a reader that checks values itself may name: the contract's field names, deeply. */
type Names<R, C> = R extends readonly (infer E)[]
  ? C extends readonly (infer F)[]
    ? readonly Names<E, F>[]
    : R
  : R extends object
    ? string extends keyof R
      ? R // a record: its keys are data, not names
      : C extends object
        ? { [K in keyof R]: K extends keyof Known<C> ? Names<R[K], Known<C>[K]> : never }
        : R
    : R;

/**
 * A reader whose values are checked after it (reshape.ts turns an unsafe colour into the default,
 * a missing label into the field's name): only the names it reads must be the contract's, so a
 * renamed field is a compile error here as with readerOf.
 */
export const namedBy =
  <C>() =>
  <S extends z.ZodType>(
    schema: S & (z.output<S> extends Names<z.output<S>, C> ? unknown : never),
  ): S =>
    schema;
