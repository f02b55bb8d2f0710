// One /v1 operation as data: its method and path, what it takes (path parameters, query, body)
// and what it answers inside the envelope. The sandbox validates requests and (in its test mode)
// answers with these, the portal types its wire with them, the OpenAPI document is generated from
// them and the conformance check calls a billing API with them.
import type { z } from "zod";

export type HttpMethod = "get" | "post" | "put" | "delete";

/** Statuses an operation may refuse with (each answered as an error envelope). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429;

export type Operation = {
  /** The OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /** The path as an OpenAPI template: `/v1/paymentMethods/{id}`. */
  path: string;
  /** The resource it belongs to (the OpenAPI tag). */
  tag: string;
  summary: string;
  /** What a schema cannot say; docs/CONTRACT.md has the rest. */
  description?: string;
  /** Whether it needs `Authorization: Bearer <accessToken>`; customer calls act on the selected customer. */
  auth: "none" | "bearer";
  pathParams?: z.ZodObject;
  /** Query parameters, each a string on the wire. */
  query?: z.ZodObject;
  /** Request headers the operation reads besides Authorization (`Idempotency-Key`). */
  headers?: z.ZodObject;
  /** Whether the query has parameters a schema of names cannot list (`filter_options[…]`). */
  filterOptions?: boolean;
  body?: z.ZodType;
  /** The envelope's `data` on success. */
  data: z.ZodType;
  /** The success status (200 unless said). */
  status?: 200 | 201;
  errors: readonly ErrorStatus[];
  /** A company's billing API may lack it: the portal hides the feature on a 404. */
  optional?: boolean;
};

/** Declares an operation, keeping its literal types (so `z.output<typeof op.data>` is exact). */
export const defineOperation = <const O extends Operation>(operation: O): O => operation;
