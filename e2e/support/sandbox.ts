import { expect } from "@playwright/test";
import { SANDBOX_PORT } from "../../playwright.config";

/** The e2e sandbox's base URL (control endpoints live under /__sandbox/). */
export const sandboxUrl = `http://127.0.0.1:${SANDBOX_PORT}`;

export const PASSWORD = "Portal!2345";

export type Mail = { to: string; subject: string; text: string; links: string[] };

async function control<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sandboxUrl}/__sandbox/${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox ${method} ${path} → ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Every e-mail sent to an address, oldest first. */
export const mailbox = (to: string) =>
  control<Mail[]>("GET", `mailbox?to=${encodeURIComponent(to)}`);

/** Waits for the newest e-mail to an address whose subject matches, and returns it. */
export async function waitForMail(to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      found = (await mailbox(to)).filter((m) => subject.test(m.subject)).at(-1);
      return found?.subject ?? "";
    })
    .toMatch(subject);
  return found!;
}

/** The path (and query) of the first link in a mail that contains `fragment`. */
export function linkPath(mail: Mail, fragment: string): string {
  const link = mail.links.find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in "${mail.subject}"`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** A fresh address per test, so tests never share a user's state. */
export function uniqueEmail(prefix: string, domain = "acme.test"): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@${domain}`;
}

export const invite = (email: string, company: string) =>
  control<{ tokenId: string; link: string }>("POST", "invitations", { email, company });

export const punchOut = (email: string) => control<{ path: string }>("POST", "punchout", { email });

export const injectFault = (fault: {
  method: string;
  path: string;
  status?: number;
  delayMs?: number;
  malformed?: boolean;
  /** The connection is cut without an answer. */
  reset?: boolean;
  /** The call is carried out, then the connection is cut: its answer is lost. */
  lose?: boolean;
  times: number;
  /** Only that user's calls fail, so tests running side by side are not hit. */
  email?: string;
}) => control<unknown>("POST", "faults", fault);

export const auditLog = () =>
  control<{ companyId: string; action: string; email: string }[]>("GET", "audit");

export const resetSandbox = () => control<unknown>("POST", "reset", {});

/** Expires the user's access tokens at the API (their refresh tokens stay valid). */
export const expireAccessTokens = (email: string) =>
  control<unknown>("POST", "sessions/expire", { email });

/** Revokes every token of the user at the API, as an administrator ending sessions would. */
export const revokeSessions = (email: string) =>
  control<unknown>("POST", "sessions/revoke", { email });

/** Drops what is left of this user's faults (the page may have asked fewer times than injected). */
export async function clearFaults(email: string): Promise<void> {
  await fetch(`${sandboxUrl}/__sandbox/faults?email=${encodeURIComponent(email)}`, {
    method: "DELETE",
  });
}
