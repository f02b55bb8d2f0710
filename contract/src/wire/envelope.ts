// The envelope every /v1 answer is wrapped in (docs/CONTRACT.md §1): the HTTP status equals
// `code`; on success `data` is the operation's answer and `error` is null; on failure `data` is
// null (or `{retryAfter}` on a 429), `error` a human message and `errorCode` a machine code.
import { z } from "zod";
import { ERROR_CODE_PATTERN } from "../errors";
import { named } from "./named";

/** The success envelope around an operation's `data`. */
export const successEnvelope = <T extends z.ZodType>(data: T, status: 200 | 201 = 200) =>
  z.object({ code: z.literal(status), data, error: z.null() });

export const errorEnvelope = named(
  "ErrorEnvelope",
  z.looseObject({
    code: z.int().min(400).max(599),
    data: z.union([z.null(), z.looseObject({ retryAfter: z.number().nonnegative() })]),
    error: z.string(),
    errorCode: z.string().regex(ERROR_CODE_PATTERN).optional(),
  }),
);
export type ErrorEnvelope = z.output<typeof errorEnvelope>;

/** `{success: true}`, the answer of calls that only acknowledge. */
export const successFlag = named("Success", z.looseObject({ success: z.literal(true) }));

/** An id as the API writes it: a non-empty string. */
export const wireId = z.string().min(1).max(200);
/** A business day, `YYYY-MM-DD` (US Eastern). */
export const wireDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** An instant, ISO 8601. */
export const wireInstant = z.iso.datetime({ offset: true });
