// The OpenAPI 3.1 document of /v1, generated from the operations with zod's own JSON Schema output
// (docs/DECISIONS.md "The /v1 contract is code"). Never written by hand: `npm run contract:openapi`
// writes contract/openapi.json and the sandbox serves the same at GET /v1/openapi.json.
import { z } from "zod";
import type { Operation } from "./operation";
import { operations as allOperations } from "./operations";
import { successEnvelope } from "./wire/envelope";
import { namedSchemas } from "./wire/named";

type JsonSchema = Record<string, unknown>;
type JsonObject = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Refused (errorCode names why; `error` is a message for the customer)",
  401: "No valid bearer token, or wrong credentials",
  402: "The payment provider declined the charge (errorCode is the decline code, `error` its message for the customer); nothing was charged",
  403: "Not allowed for this user or company",
  404: "Not found, or not the selected customer's",
  409: "Conflicts with the current state",
  413: "Request body too large",
  422: "The request does not fit its schema (`error` names the field)",
  429: "Too many attempts: Retry-After header and data.retryAfter (seconds)",
};

const COMPONENT = "#/components/schemas/";
const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** A JSON Schema without the keywords a component of an OpenAPI document does not carry. */
function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** Every schema in `entries` as components, refs between them by name. */
function components(
  entries: readonly { id: string; schema: z.ZodType }[],
  io: "input" | "output",
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const { id, schema } of entries) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    uri: (id) => `${COMPONENT}${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => [id, bare(schema as JsonSchema)]),
  );
}

/** One schema inline (a parameter's). */
function inline(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  return bare(
    z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema,
  );
}

function parameters(op: Operation): JsonObject[] {
  const out: JsonObject[] = [];
  const add = (where: "path" | "query" | "header", shape: z.ZodObject | undefined) => {
    if (!shape) return;
    for (const [name, field] of Object.entries(shape.shape as Record<string, z.ZodType>)) {
      const schema = inline(field, "input");
      const { description, ...rest } = schema;
      out.push({
        name,
        in: where,
        required: where === "path" || !field.safeParse(undefined).success,
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      });
    }
  };
  add("path", op.pathParams);
  add("query", op.query);
  add("header", op.headers);
  if (op.filterOptions)
    out.push({
      name: "filter_options",
      in: "query",
      required: false,
      style: "deepObject",
      explode: true,
      description:
        "Filters, ANDed: labels `filter_options[<module>][<n>][<field>]` with an optional `[not|gt|lt|gte|lte]`; values as docs/CONTRACT.md §5 writes them (contains: `/<escaped text>/i`, present: `/.+/`).",
      schema: { type: "object", additionalProperties: true },
    });
  return out;
}

export type OpenApiDocument = JsonObject & { paths: Record<string, Record<string, JsonObject>> };

/** The OpenAPI 3.1 document of the operations (all of the contract's unless given). */
export function openApiDocument(operations: readonly Operation[] = allOperations): OpenApiDocument {
  const answers = operations.map((op) => ({
    id: `${pascal(op.id)}Answer`,
    schema: successEnvelope(op.data, op.status ?? 200),
  }));
  const bodies = operations.flatMap((op) =>
    op.body ? [{ id: `${pascal(op.id)}Body`, schema: op.body }] : [],
  );
  const schemas = {
    ...components([...namedSchemas(), ...answers], "output"),
    ...components(bodies, "input"),
  };

  const paths: OpenApiDocument["paths"] = {};
  for (const op of operations) {
    const status = String(op.status ?? 200);
    const responses: JsonObject = {
      [status]: {
        description: "Success: the envelope with `data`",
        content: { "application/json": { schema: { $ref: `${COMPONENT}${pascal(op.id)}Answer` } } },
      },
    };
    for (const code of op.errors)
      responses[String(code)] = { $ref: `#/components/responses/Error${code}` };
    responses.default = { $ref: "#/components/responses/Error" };
    const operation: JsonObject = {
      operationId: op.id,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      ...(op.optional ? { "x-optional": true } : {}),
      security: op.auth === "bearer" ? [{ bearer: [] }] : [],
      parameters: parameters(op),
      ...(op.body
        ? {
            requestBody: {
              required: !op.body.safeParse(undefined).success,
              content: {
                "application/json": { schema: { $ref: `${COMPONENT}${pascal(op.id)}Body` } },
              },
            },
          }
        : {}),
      responses,
    };
    (paths[op.path] ??= {})[op.method] = operation;
  }

  const errorResponse = (description: string) => ({
    description,
    content: { "application/json": { schema: { $ref: `${COMPONENT}ErrorEnvelope` } } },
  });
  const errorCodes = [...new Set(operations.flatMap((op) => op.errors))].sort();
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Billing API for the customer portal (/v1)",
      version: "1.0.0",
      description:
        "What a billing API answers so that the customer portal works. Every answer is an envelope `{code, data, error, errorCode?}` whose `code` equals the HTTP status. Semantics, timing and limits that a schema cannot say are in docs/CONTRACT.md of the portal's repository. `npm run contract:check` checks a billing API against this document.",
    },
    servers: [{ url: "/", description: "The billing API's origin" }],
    tags: [...new Set(operations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses: {
        ...Object.fromEntries(
          errorCodes.map((code) => [`Error${code}`, errorResponse(ERROR_DESCRIPTIONS[code] ?? "")]),
        ),
        Error: errorResponse("Any other failure (5xx): `error` says what, no details"),
      },
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "The accessToken of POST /v1/auth/login or /v1/auth/refresh-tokens",
        },
      },
    },
  };
}
