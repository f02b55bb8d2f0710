import "server-only";
import { sealData, unsealData } from "iron-session";
import type { NextResponse } from "next/server";
import type { z } from "zod";
import { cookieSecure, sessionPassword } from "./config";

// A sign-in's step between the password and the session (issue 34 §1, docs/SECURITY.md §1.1): a
// cookie of its own, sealed as the session is, alive for minutes, for one host. Only the step's own
// routes and page read it; every other BFF route reads only the session cookie, so a visitor with
// a step cookie alone reaches nothing else.

type StepData = { host: string; expiresAt: number };

/** A sealed step cookie named `name` (`__Host-` on HTTPS) holding what `schema` admits. */
export function stepCookie<S extends z.ZodType<StepData>>(name: string, schema: S) {
  const cookieName = () => (cookieSecure() ? `__Host-${name}` : name);
  const attributes = () => ({
    httpOnly: true,
    secure: cookieSecure(),
    sameSite: "lax" as const,
    path: "/",
  });
  return {
    name: cookieName,
    /** Puts the step into the response's cookie, for as long as it lives. */
    async write(res: NextResponse, step: z.output<S>): Promise<void> {
      const ttl = Math.max(1, Math.floor((step.expiresAt - Date.now()) / 1000));
      const value = await sealData(schema.parse(step), { password: sessionPassword(), ttl });
      res.cookies.set({ name: cookieName(), value, ...attributes(), maxAge: ttl });
    },
    /** Removes it (same attributes, or a __Host- cookie would not be replaced). */
    clear(res: NextResponse): void {
      res.cookies.set({
        name: cookieName(),
        value: "",
        ...attributes(),
        maxAge: 0,
        expires: new Date(0),
      });
    },
    /** The step a cookie holds, for this host and still alive; else null. */
    async read(
      value: string | undefined,
      host: string,
      now = Date.now(),
    ): Promise<z.output<S> | null> {
      if (!value || value.length > 4096) return null;
      try {
        const raw = await unsealData<unknown>(value, { password: sessionPassword() });
        const step = schema.safeParse(raw);
        if (!step.success || step.data.host !== host || step.data.expiresAt <= now) return null;
        return step.data;
      } catch {
        return null;
      }
    },
  };
}
