// The wire schemas that have a name of their own: components of the OpenAPI document, referred to
// by every operation that answers them. A name is given once, beside the schema.
import type { z } from "zod";

const schemas: { id: string; schema: z.ZodType }[] = [];

/** Names a schema (an OpenAPI component); the name must be unique. */
export function named<S extends z.ZodType>(id: string, schema: S): S {
  if (schemas.some((s) => s.id === id)) throw new Error(`two wire schemas are named ${id}`);
  schemas.push({ id, schema });
  return schema;
}

/** Every named schema, in the order they were named. */
export const namedSchemas = (): readonly { id: string; schema: z.ZodType }[] => schemas;
