import "server-only";
import { BodyTooLargeError, readBoundedText } from "@billing-portal/contract/json-body";
import * as z from "zod/mini";
import { RouteError } from "./errors";

/** Request bodies of the BFF are small forms; anything bigger is refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;

const MESSAGE_KEY = /^[a-zA-Z][\w-]*(\.[\w-]+)+$/;

/** Field → message key from zod issues (first issue per field; non-key messages become validation.invalid). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join(".") || "form";
    if (fields[name]) continue;
    fields[name] = MESSAGE_KEY.test(issue.message) ? issue.message : "validation.invalid";
  }
  return fields;
}

async function readBounded(req: Request): Promise<string> {
  try {
    return await readBoundedText(req.body, req.headers.get("content-length"), MAX_BODY_BYTES, {
      cancelOnOverflow: true,
    });
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw new RouteError("payload_too_large");
    throw new RouteError("bad_request");
  }
}

/** Reads the JSON body and validates it: 400 when it is not JSON, 413 when too big, 422 with fields when invalid. */
// Any zod schema, classic or mini (the forms' schemas are mini, so the browser gets no classic zod).
export async function parseJson<S extends z.core.$ZodType>(
  req: Request,
  schema: S,
): Promise<z.output<S>> {
  const text = await readBounded(req);
  let data: unknown;
  let nul = false;
  try {
    data =
      text === ""
        ? {}
        : JSON.parse(text, (key, value: unknown) => {
            if (key.includes("\0") || (typeof value === "string" && value.includes("\0")))
              nul = true;
            return value;
          });
  } catch {
    throw new RouteError("bad_request");
  }
  // A NUL in any name or text (raw or \u0000) is refused: nothing upstream stores one.
  if (nul) throw new RouteError("bad_request");
  const result = z.safeParse(schema, data);
  if (!result.success)
    throw new RouteError("validation", { fields: fieldErrors(result.error.issues) });
  return result.data;
}

/** A route's query read with its schema (classic or mini); a 422 with field keys when it does not fit. */
export function parseQuery<S extends z.core.$ZodType>(
  params: URLSearchParams,
  schema: S,
): z.output<S> {
  const result = z.safeParse(schema, Object.fromEntries(params));
  if (!result.success)
    throw new RouteError("validation", { fields: fieldErrors(result.error.issues) });
  return result.data;
}
