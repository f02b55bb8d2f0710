import { z } from "zod";

/** POST /__sandbox/faults: the next `times` matching /v1 calls fail as told. */
export const faultSchema = z
  .object({
    method: z
      .string()
      .trim()
      .min(1)
      .max(10)
      .regex(/^([A-Za-z]+|\*)$/, { error: "method must be an HTTP method or *" })
      .transform((m) => m.toUpperCase()),
    path: z
      .string()
      .trim()
      .max(500)
      .regex(/^\/v1(\/[^?#\s]*)?$/, { error: "path must be a /v1 path without query" }),
    // 1xx are not final answers: a fetch Response cannot carry one.
    status: z.number().int().min(200).max(599).optional(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
    malformed: z.boolean().optional(),
    /** The connection is cut without an answer (a crashed or restarted upstream). */
    reset: z.boolean().optional(),
    /** The call is carried out, then the connection is cut: the answer is lost on its way back. */
    lose: z.boolean().optional(),
    /** An error answer's machine code (e.g. `invalid_request`) instead of the status's usual one. */
    errorCode: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,63}$/, { error: "errorCode must be a snake_case code" })
      .optional(),
    /** An error answer's human message, as the API writes it for the customer (any text). */
    message: z.string().min(1).max(2000).optional(),
    /**
     * A success answer `{code: 200, data, error: null}` carrying this instead of the route's own:
     * upstream data a test chooses (a hostile URL, a malformed field).
     */
    data: z.json().optional(),
    times: z.number().int().min(1).max(10_000).default(1),
    /** Only calls whose bearer belongs to this user (tests running side by side keep apart). */
    email: z
      .string()
      .trim()
      .max(254)
      .transform((e) => e.toLowerCase())
      .optional(),
  })
  .refine(
    (f) =>
      f.status !== undefined ||
      f.delayMs !== undefined ||
      f.malformed === true ||
      f.reset === true ||
      f.lose === true ||
      f.data !== undefined,
    { error: "give status, delayMs, malformed, reset, lose or data" },
  )
  .refine((f) => f.data === undefined || ((f.status ?? 200) === 200 && !f.malformed && !f.reset), {
    error: "data is a success answer: status 200 (or none), without malformed or reset",
    path: ["data"],
  })
  .refine(
    (f) =>
      (f.errorCode === undefined && f.message === undefined) ||
      (f.status !== undefined && f.status >= 400 && !f.malformed && !f.reset),
    { error: "errorCode and message belong to an error status (400-599)", path: ["status"] },
  );

export type Fault = z.output<typeof faultSchema>;

/**
 * Injected upstream faults, matched by method (case-insensitive, `*` = any), exact path and, when
 * the fault names one, the caller's e-mail.
 */
export class FaultInjector {
  #faults: { fault: Fault; remaining: number }[] = [];

  add(fault: Fault): void {
    this.#faults.push({ fault, remaining: fault.times });
  }

  #matches(fault: Fault, method: string, path: string): boolean {
    const m = method.toUpperCase();
    const p = path.length > 3 && path.endsWith("/") ? path.slice(0, -1) : path;
    return (
      (fault.method === "*" || fault.method === m) && (fault.path === p || fault.path === path)
    );
  }

  /** Whether a fault for this call is scoped to a user, so the caller's e-mail must be looked up. */
  needsCaller(method: string, path: string): boolean {
    return this.#faults.some(
      (e) => e.fault.email !== undefined && this.#matches(e.fault, method, path),
    );
  }

  /** The first fault matching this call (consuming one of its `times`), or null. */
  take(method: string, path: string, callerEmail: string | null = null): Fault | null {
    const entry = this.#faults.find(
      (e) =>
        this.#matches(e.fault, method, path) &&
        (e.fault.email === undefined || e.fault.email === callerEmail?.toLowerCase()),
    );
    if (!entry) return null;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.#faults = this.#faults.filter((e) => e !== entry);
    return entry.fault;
  }

  list(): { fault: Fault; remaining: number }[] {
    return this.#faults.map((e) => ({ ...e }));
  }

  /** Drops every pending fault, or only those scoped to `email` (tests side by side keep theirs). */
  clear(email?: string): void {
    const who = email?.trim().toLowerCase();
    this.#faults = who ? this.#faults.filter((e) => e.fault.email !== who) : [];
  }
}
