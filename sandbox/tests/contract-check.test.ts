// npm run contract:check against the sandbox (it conforms, with --write too, and puts back what it
// changed) and against a billing API that breaks the contract: the sandbox behind a proxy that
// renames a field of /v1/user/me and sends a balance of /v1/customers/account_detail as a string.
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { runCheck, type CheckReport } from "@billing-portal/contract/check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_PASSWORD } from "../src/seed";
import { startHarness, type Harness } from "./support/harness";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

let h: Harness;
let broken: Server;
let brokenUrl: string;

/** The sandbox, but /v1/user/me says `emailAddress` and the balance is a string. */
function breakingProxy(upstream: string): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === "string" && k !== "host" && k !== "content-length") headers.set(k, v);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(`${upstream}${req.url}`, { method: req.method, headers, body });
      let text = await answer.text();
      const pathname = new URL(req.url ?? "/", "http://x").pathname;
      if (answer.ok && pathname === "/v1/user/me") {
        const envelope = JSON.parse(text) as { data: Record<string, unknown> };
        const { email, ...rest } = envelope.data;
        text = JSON.stringify({ ...envelope, data: { ...rest, emailAddress: email } });
      }
      if (answer.ok && pathname === "/v1/customers/account_detail") {
        const envelope = JSON.parse(text) as {
          data: { customerAccountDetails: Record<string, unknown> };
        };
        const details = envelope.data.customerAccountDetails;
        details.balance = String(details.balance);
        text = JSON.stringify(envelope);
      }
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(text);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const differing = (report: CheckReport) =>
  report.lines.filter((l) => l.outcome === "differs").map((l) => `${l.operation}: ${l.detail}`);

beforeAll(async () => {
  h = await startHarness("contract-check");
  broken = await breakingProxy(h.url);
  const address = broken.address();
  if (!address || typeof address === "string") throw new Error("no proxy address");
  brokenUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await new Promise((resolve) => broken.close(resolve));
  await h.close();
});

describe("contract:check", () => {
  it("passes against the sandbox: every read operation conforms", async () => {
    const report = await runCheck({
      api: h.url,
      host: "localhost",
      email: "ada@acme.test",
      password: SEED_PASSWORD,
      write: false,
    });
    expect(differing(report)).toEqual([]);
    expect(report.ok).toBe(true);
    const called = new Set(
      report.lines.filter((l) => l.outcome === "conforms").map((l) => l.operation),
    );
    for (const op of [
      "GET /v1/portalConfiguration",
      "POST /v1/auth/login",
      "GET /v1/user/me",
      "GET /v1/invoices",
      "GET /v1/payments",
      "GET /v1/usages",
      "GET /v1/credits",
      "GET /v1/statements",
      "GET /v1/customers/account_detail",
      "GET /v1/invoices/getPdfUrl",
      "GET /v1/paymentMethods",
      "GET /v1/subscriptions",
      "GET /v1/plans",
      "GET /v1/plans/{id}",
      "GET /v1/customers/{customerId}/activity",
      "POST /v1/auth/logout",
    ])
      expect(called).toContain(op);
    // A filter of each type on a list, and a second page.
    const invoiceCalls = report.lines.filter((l) => l.operation === "GET /v1/invoices");
    expect(invoiceCalls.map((l) => l.label)).toEqual(
      expect.arrayContaining([
        "page 2 without a total",
        expect.stringMatching(/\(text\)$/),
        expect.stringMatching(/\(number\)$/),
        expect.stringMatching(/\(date\)$/),
      ]),
    );
  });

  it("passes with --write and puts back what it changed", async () => {
    await h.reset();
    const login = await h.login("ada@acme.test");
    const before = await h.api("GET", "/v1/user/me/contactDetails", { token: login.accessToken });
    const subscriptions = await h.api(
      "GET",
      `/v1/subscriptions?customer_id=${login.user.selected_customer_id ?? ""}`,
      {
        token: login.accessToken,
      },
    );
    const report = await runCheck({
      api: h.url,
      host: "localhost",
      email: "ada@acme.test",
      password: SEED_PASSWORD,
      write: true,
    });
    expect(differing(report)).toEqual([]);
    const conforming = report.lines.filter((l) => l.outcome === "conforms").map((l) => l.operation);
    expect(conforming).toEqual(
      expect.arrayContaining([
        "PUT /v1/user/me/contactDetails",
        "POST /v1/customers/updateAutoPay",
        "PUT /v1/subscriptions/{id}/change",
        "PUT /v1/subscriptions/{id}/cancel",
        "PUT /v1/subscriptions/{id}/reactivate",
        "POST /v1/exports",
      ]),
    );
    const again = await h.login("ada@acme.test");
    const after = await h.api("GET", "/v1/user/me/contactDetails", { token: again.accessToken });
    expect(after.body.data).toEqual(before.body.data);
    const subscriptionsAfter = await h.api(
      "GET",
      `/v1/subscriptions?customer_id=${again.user.selected_customer_id ?? ""}`,
      {
        token: again.accessToken,
      },
    );
    const statuses = (body: unknown) =>
      (
        (body as { data: { subscriptions: { status: { value: string } }[] } }).data.subscriptions ??
        []
      ).map((s) => s.status.value);
    expect(statuses(subscriptionsAfter.body)).toEqual(statuses(subscriptions.body));
  });

  it("fails against an API that renames a field and sends a balance as a string, and names both", async () => {
    const report = await runCheck({
      api: brokenUrl,
      host: "localhost",
      email: "ada@acme.test",
      password: SEED_PASSWORD,
      write: false,
    });
    expect(report.ok).toBe(false);
    expect(differing(report)).toEqual([
      expect.stringMatching(
        /^GET \/v1\/user\/me: \$\.data\.email renamed: "email" is missing; the object has "emailAddress" instead/,
      ),
      expect.stringMatching(
        /^GET \/v1\/customers\/account_detail: \$\.data\.customerAccountDetails\.balance wrong type: expected number, found string/,
      ),
    ]);
  });

  it("as a command: exit code 1 and one line per operation, the differences named", async () => {
    const args = [
      "contract/scripts/check.ts",
      "--api",
      brokenUrl,
      "--host",
      "localhost",
      "--email",
      "ada@acme.test",
      "--password",
      SEED_PASSWORD,
    ];
    const failure = await run(path.join(root, "node_modules/.bin/tsx"), args, { cwd: root }).then(
      () => null,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toMatch(/^differs +GET \/v1\/user\/me\s*\n +\$\.data\.email renamed/m);
    expect(failure?.stdout).toMatch(/^conforms +GET \/v1\/portalConfiguration/m);
    expect(failure?.stdout).toMatch(/the billing API does not conform$/m);
    const ok = await run(
      path.join(root, "node_modules/.bin/tsx"),
      [...args.slice(0, 2), h.url, ...args.slice(3)],
      {
        cwd: root,
      },
    );
    expect(ok.stdout).toMatch(/the billing API conforms to the contract$/m);
  });
});
