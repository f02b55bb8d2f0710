// A Host that names no company (issue 35 "at the edge"): every BFF route answers the BFF's own JSON
// refusal with its headers, before any other check and without calling the billing API with
// anything but the host's portal lookup; 400 when the Host is no host name, 404 when no portal
// lives there. The language picker answers on any host (the no-portal page has one).
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as lists } from "@/app/api/lists/[list]/route";
import { POST as setLocale } from "@/app/api/locale/route";
import { GET as plans } from "@/app/api/plans/route";
import { bffRequest, fail, noParams, setUpSignedInRoutes } from "./support";

const { upstream, cookie } = setUpSignedInRoutes();

const MALFORMED = ["", "bad host", "x:99999", "[::1", "localhost:3000/x", "user@localhost"];

/** A request to `path` as a browser on `host` sends it (its own origin when it has one). */
function onHost(path: string, host: string, method = "GET", body?: unknown) {
  return bffRequest(path, {
    method,
    body,
    cookie: cookie(),
    headers: { host, origin: host && !/\s/.test(host) ? `http://${host}` : "" },
  });
}

const routes = [
  ["GET /api/plans", (host: string) => plans(onHost("/api/plans", host), noParams())],
  [
    "GET /api/lists/invoices (the fast route's handler)",
    (host: string) =>
      lists(onHost("/api/lists/invoices?page=1&size=25", host), {
        params: Promise.resolve({ list: "invoices" }),
      }),
  ],
  [
    "POST /api/auth/login",
    (host: string) =>
      login(
        onHost("/api/auth/login", host, "POST", { email: "a@b.co", password: "x" }),
        noParams(),
      ),
  ],
] as const;

async function expectRefusal(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  // The BFF's own headers, as on every answer it gives.
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
}

describe.each(routes)("%s on a host that names no company", (_, call) => {
  it.each(MALFORMED)("Host %j: 400, and nothing reaches the billing API", async (host) => {
    await expectRefusal(await call(host), 400, "bad_request");
    expect(upstream.calls).toEqual([]);
  });

  it("a host name without a portal: 404 no_portal, only the portal looked up", async () => {
    upstream.on("GET", "/v1/portalConfiguration", fail(404, "not_found", "No portal"));
    await expectRefusal(await call("nowhere.example"), 404, "no_portal");
    expect(upstream.calls.map((c) => c.path)).toEqual(["/v1/portalConfiguration"]);
  });
});

describe("the portal lookup", () => {
  it("is cached per host: a second request asks the billing API nothing more", async () => {
    upstream.on("GET", "/v1/portalConfiguration", fail(404, "not_found", "No portal"));
    await plans(onHost("/api/plans", "nowhere.example"), noParams());
    await plans(onHost("/api/plans", "nowhere.example"), noParams());
    expect(upstream.callsTo("GET", "/v1/portalConfiguration")).toHaveLength(1);
  });

  it("that fails is no refusal: the route answers the failure, as its own calls meet it", async () => {
    upstream.on("GET", "/v1/portalConfiguration", fail(503, "unavailable", "Down"));
    const res = await plans(onHost("/api/plans", "localhost:3000"), noParams());
    // Not "no portal here": the failure itself, as the route's own calls meet it.
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("upstream_error");
  });
});

describe("POST /api/locale", () => {
  it("answers on a host without a portal: its page has the language picker", async () => {
    upstream.on("GET", "/v1/portalConfiguration", fail(404, "not_found", "No portal"));
    const res = await setLocale(
      onHost("/api/locale", "nowhere.example", "POST", { locale: "de" }),
      noParams(),
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/NEXT_LOCALE=de/);
  });
});
