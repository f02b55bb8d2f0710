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
      f.status !== undefined || f.delayMs !== undefined || f.malformed === true || f.reset === true,
    { error: "give status, delayMs, malformed or reset" },
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
