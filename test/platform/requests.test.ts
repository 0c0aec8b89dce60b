import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, beforeAll } from "vitest";
import worker from "../../src/index";
import { as, call, workerFetch } from "../helpers/api";
import { makeToken, makeUser, unique } from "../helpers/factories";
import { clientAddress, addressOrNull } from "../../core/requests/client-address";
import { uniqueAddress } from "../helpers/addresses";
import { assertContract } from "../helpers/contract";
import { createApp } from "../../src/app";
import { emptyStorage } from "../helpers/storage";

describe("cors-headers", () => {
  const ORIGIN = "https://app.example.com";

  /** Calls the Worker with CORS_ORIGINS set to a list, as a deployment would in wrangler.toml. */
  async function withOrigins(origins: string, path: string, init: RequestInit): Promise<Response> {
    const ctx = createExecutionContext();
    const request = new Request(`https://quire.test/v1${path}`, init);
    const res = await worker.fetch(request, { ...env, CORS_ORIGINS: origins }, ctx);
    await res.arrayBuffer();
    await waitOnExecutionContext(ctx);
    return res;
  }

  /** A CORS preflight for a POST with the headers a browser client sends. */
  const preflight = (origin = ORIGIN): RequestInit => ({
    method: "OPTIONS",
    headers: {
      Origin: origin,
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
    },
  });

  describe("CORS", () => {
    it("answers a preflight 204 without a token", async () => {
      const res = await workerFetch("https://quire.test/v1/orgs/abc/spaces", preflight());
      expect(res.status).toBe(204);
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(res.headers.get("Access-Control-Allow-Methods")).toContain("POST");
      const allowed = res.headers.get("Access-Control-Allow-Headers")!;
      for (const name of ["Authorization", "Content-Type", "Idempotency-Key", "X-Quire-Bookmark"]) {
        expect(allowed).toContain(name);
      }
      expect(res.headers.get("Access-Control-Max-Age")).toBe("600");
      expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    });

    it("lets clients read the headers they need on answers, errors included", async () => {
      const { token } = await makeUser();
      const ok = await as(token).get("/user", { headers: { Origin: ORIGIN } });
      const unauthorized = await call("GET", "/user", { headers: { Origin: ORIGIN } });
      for (const res of [ok, unauthorized]) {
        expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
        const exposed = res.headers.get("Access-Control-Expose-Headers")!;
        for (const name of [
          "X-Request-Id",
          "X-RateLimit-Limit",
          "X-RateLimit-Remaining",
          "X-RateLimit-Reset",
          "Retry-After",
          "Idempotent-Replayed",
          "Location",
          "Link",
        ]) {
          expect(exposed).toContain(name);
        }
      }
      expect(unauthorized.status).toBe(401);
    });

    it("echoes a listed origin with Vary: Origin and refuses others", async () => {
      const list = `https://other.example.com, ${ORIGIN}`;
      const listed = await withOrigins(list, "/openapi.json", { headers: { Origin: ORIGIN } });
      expect(listed.headers.get("Access-Control-Allow-Origin")).toBe(ORIGIN);
      expect(listed.headers.get("Vary")).toContain("Origin");
      const stranger = await withOrigins(list, "/openapi.json", {
        headers: { Origin: "https://evil.example.net" },
      });
      expect(stranger.headers.get("Access-Control-Allow-Origin")).toBeNull();
      expect(stranger.headers.get("Vary")).toContain("Origin");
      const pre = await withOrigins(list, "/user", preflight());
      expect(pre.status).toBe(204);
      expect(pre.headers.get("Access-Control-Allow-Origin")).toBe(ORIGIN);
    });
  });

  describe("security headers", () => {
    it("sends nosniff, no-referrer and HSTS over https on every answer", async () => {
      const { token } = await makeUser();
      const answers = [
        await as(token).get("/user"),
        await as(token).get("/no/such/route"),
        await call("GET", "/openapi.json"),
      ];
      for (const res of answers) {
        expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
        expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
        expect(res.headers.get("Strict-Transport-Security")).toBe(
          "max-age=63072000; includeSubDomains",
        );
      }
      const plain = await workerFetch("http://quire.test/v1/openapi.json");
      expect(plain.headers.get("Strict-Transport-Security")).toBeNull();
    });

    it("marks authenticated answers no-store, errors included", async () => {
      const { token } = await makeUser();
      expect((await as(token).get("/user")).headers.get("Cache-Control")).toBe("no-store");
      expect((await as(token).get("/orgs/nope")).headers.get("Cache-Control")).toBe("no-store");
      expect((await call("GET", "/openapi.json")).headers.get("Cache-Control")).toBeNull();
    });

    it("challenges a 401 without a token with the bare Bearer scheme", async () => {
      const res = await call("GET", "/user");
      expect(res.status).toBe(401);
      expect(res.headers.get("WWW-Authenticate")).toBe('Bearer realm="quire"');
    });

    it("says invalid_token when the token is unknown, revoked or expired", async () => {
      const { user } = await makeUser();
      const revoked = await makeToken(user.id, { revoked: true });
      const expired = await makeToken(user.id, { expiresAt: "2020-01-01T00:00:00.000Z" });
      const unknown = `quire_${"A".repeat(43)}`;
      for (const token of [revoked, expired, unknown, "not-a-token"]) {
        const res = await as(token).get("/user");
        expect(res.status).toBe(401);
        const challenge = res.headers.get("WWW-Authenticate")!;
        expect(challenge).toMatch(
          /^Bearer realm="quire", error="invalid_token", error_description="[^"\\]+"$/,
        );
      }
      const res = await as(revoked).get("/user");
      expect(res.headers.get("WWW-Authenticate")).toContain("revoked");
    });

    it("serves the HTML reference under a strict CSP that still allows its own stylesheet and script", async () => {
      const res = await workerFetch("https://quire.test/v1/reference");
      expect(res.status).toBe(200);
      const csp = res.headers.get("Content-Security-Policy")!;
      expect(csp).toMatch(/^default-src 'none'; /);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      const page = await res.text();
      const hashOf = async (text: string) => {
        const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
        return btoa(String.fromCharCode(...new Uint8Array(digest)));
      };
      const style = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
      expect(csp).toContain(`style-src 'sha256-${await hashOf(style)}'`);
      const script = /<script>([\s\S]*?)<\/script>/.exec(page)![1]!;
      expect(csp).toContain(`script-src 'sha256-${await hashOf(script)}'`);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    });
  });
});

describe("route-methods", () => {
  beforeAll(emptyStorage);
  /** The methods of an OpenAPI path item, upper case. */
  const METHODS = ["get", "head", "post", "put", "patch", "delete"] as const;

  /** What `Allow` says for a path serving `methods`: HEAD with GET, OPTIONS always, in one order. */
  function allowOf(methods: string[]): string {
    const served = new Set(methods);
    if (served.has("GET")) served.add("HEAD");
    served.add("OPTIONS");
    return ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
      .filter((m) => served.has(m))
      .join(", ");
  }

  /** A concrete path for an OpenAPI path template (every parameter a plain value). */
  const concrete = (template: string) => template.replace(/\{[^}]+\}/g, "p4ram");

  interface PathItem {
    [method: string]: { security?: unknown[] } | undefined;
  }

  /** The app's own OpenAPI document, as served. */
  async function document(): Promise<Record<string, PathItem>> {
    const res = await workerFetch("https://quire.test/v1/openapi.json");
    return ((await res.json()) as { paths: Record<string, PathItem> }).paths;
  }

  /** The documented methods of a path item. */
  const methodsOf = (item: PathItem) =>
    METHODS.filter((m) => item[m] !== undefined).map((m) => m.toUpperCase());

  describe("the methods a path allows, from its routes", () => {
    it("answers OPTIONS on every documented path with exactly its methods", async () => {
      const paths = await document();
      const wrong: string[] = [];
      for (const [template, item] of Object.entries(paths)) {
        const res = await workerFetch(`https://quire.test${concrete(template)}`, {
          method: "OPTIONS",
          headers: { Origin: "https://app.example.com", "Access-Control-Request-Method": "GET" },
        });
        const expected = allowOf(methodsOf(item));
        const allow = res.headers.get("Allow");
        const cors = res.headers.get("Access-Control-Allow-Methods");
        if (res.status !== 204 || allow !== expected || cors !== expected) {
          wrong.push(`${template}: ${res.status} Allow=${allow} CORS=${cors}, want ${expected}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(Object.keys(paths).length).toBeGreaterThan(100);
    });

    it("answers an unlisted method on every path open without a token with 405 and Allow", async () => {
      const paths = await document();
      const open = Object.entries(paths).filter(([, item]) =>
        METHODS.some((m) => Array.isArray(item[m]?.security) && item[m].security.length === 0),
      );
      expect(open.length).toBeGreaterThanOrEqual(6);
      const wrong: string[] = [];
      for (const [template, item] of open) {
        const methods = methodsOf(item);
        const unlisted = ["DELETE", "PATCH", "PUT", "POST", "GET"].find(
          (m) => !methods.includes(m),
        )!;
        const res = await workerFetch(`https://quire.test${concrete(template)}`, {
          method: unlisted,
        });
        const allow = res.headers.get("Allow");
        if (res.status !== 405 || allow !== allowOf(methods)) {
          wrong.push(`${unlisted} ${template}: ${res.status} Allow=${allow}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it("answers an unknown path's OPTIONS with the JSON 404 of any unknown path", async () => {
      const res = await workerFetch("https://quire.test/v1/no/such/route", { method: "OPTIONS" });
      expect(res.status).toBe(404);
      expect(res.headers.get("Allow")).toBeNull();
      expect(((await res.json()) as { error: { code: number } }).error.code).toBe(404);
    });

    it("answers a wrong method with the same Allow as OPTIONS", async () => {
      const res = await workerFetch("https://quire.test/v1/openapi.json", { method: "DELETE" });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    });
  });
});

describe("client-address", () => {
  beforeAll(emptyStorage);
  const LOW = (env as unknown as { RATE_LIMIT_TEST_LOW: RateLimit }).RATE_LIMIT_TEST_LOW;

  /** The API's bindings with the anonymous budget on the 5-per-minute binding and `header` trusted. */
  function trusting(header: string): Cloudflare.Env {
    return { ...env, RATE_LIMIT_IP: LOW, RATE_LIMIT_IP_LIMIT: "5", CLIENT_ADDRESS_HEADER: header };
  }

  /** Sends `n` anonymous reads with `headers`; the statuses. */
  async function burst(bindings: Cloudflare.Env, headers: Record<string, string>, n = 6) {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      statuses.push(
        (await call("GET", "/openapi.json", { token: null, headers, bindings })).status,
      );
    }
    return statuses;
  }

  async function awayFromWindowEdge(): Promise<void> {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  }

  /** Finding 14 of the probe: the client-address header is the deployment's choice. */
  describe("the trusted client-address header", () => {
    it("reads an address from the configured header only; a list gives its last entry", () => {
      const headers = new Headers({
        "CF-Connecting-IP": "192.0.2.1",
        "X-Forwarded-For": "10.9.9.9, 192.0.2.7",
      });
      expect(clientAddress(headers, undefined)).toBe("192.0.2.1");
      expect(clientAddress(headers, "")).toBe("192.0.2.1");
      expect(clientAddress(headers, "X-Forwarded-For")).toBe("192.0.2.7");
      expect(clientAddress(headers, "none")).toBeNull();
      expect(clientAddress(new Headers(), undefined)).toBeNull();
      for (const bad of ["", "evil", "1.2.3", "x".repeat(60), "<script>", "::g"]) {
        expect(addressOrNull(bad)).toBeNull();
      }
      for (const good of ["192.0.2.1", "2001:db8::1", "::1", "fe80::1%eth0"]) {
        expect(addressOrNull(good)).toBe(good);
      }
    });

    it("behind a proxy of one's own, CF-Connecting-IP is not believed and the proxy's is", async () => {
      await awayFromWindowEdge();
      const bindings = trusting("X-Forwarded-For");
      const proxied = uniqueAddress();
      // A client rotating CF-Connecting-IP behind the proxy still spends one budget.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const headers = { "CF-Connecting-IP": uniqueAddress(), "X-Forwarded-For": proxied };
        statuses.push(
          (await call("GET", "/openapi.json", { token: null, headers, bindings })).status,
        );
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses[5]).toBe(429);
      // Another client behind the same proxy has its own.
      expect(
        await burst(bindings, { "X-Forwarded-For": `6.6.6.6, ${uniqueAddress()}` }, 1),
      ).toEqual([200]);
    });
  });
});

describe("rate-limit", () => {
  beforeAll(emptyStorage);
  /** The test-only binding of vitest.config.ts: 5 requests per 60 s window. */
  const LOW = (env as unknown as { RATE_LIMIT_TEST_LOW: RateLimit }).RATE_LIMIT_TEST_LOW;
  const LOW_LIMIT = 5;

  /** The Worker's env with both buckets swapped for the low-limit binding (and its mirrors). */
  const lowEnv = {
    ...env,
    RATE_LIMIT_TOKEN: LOW,
    RATE_LIMIT_IP: LOW,
    RATE_LIMIT_TOKEN_LIMIT: String(LOW_LIMIT),
    RATE_LIMIT_IP_LIMIT: String(LOW_LIMIT),
  };

  /** Calls the Worker's fetch entry with an env of the test's choosing; JSON bodies are checked. */
  async function fetchWith(
    workerEnv: object,
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; headers: Headers; body: any }> {
    const ctx = createExecutionContext();
    const request = new Request(`https://quire.test/v1${path}`, { headers });
    const res = await worker.fetch(request, workerEnv as typeof env, ctx);
    const text = await res.text();
    await waitOnExecutionContext(ctx);
    const body = res.headers.get("Content-Type")?.includes("json") ? JSON.parse(text) : undefined;
    if (body !== undefined) assertContract("GET", `/v1${path}`, res.status, body);
    return { status: res.status, headers: res.headers, body };
  }

  /**
   * The binding's windows are aligned on whole minutes: a burst that straddles a boundary would get
   * a fresh budget half-way. Waits for the next window when less than 5 s of this one are left.
   */
  async function awayFromWindowEdge(): Promise<void> {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  }

  /** Sends `LOW_LIMIT + 1` requests; returns the answers in order. */
  async function burst(path: string, headers: Record<string, string>) {
    const answers = [];
    for (let i = 0; i <= LOW_LIMIT; i++) answers.push(await fetchWith(lowEnv, path, headers));
    return answers;
  }

  describe("rate limiting", () => {
    it("puts the X-RateLimit headers on every /v1 answer, errors included", async () => {
      const { token } = await makeUser();
      const ok = await as(token).get("/user");
      const missing = await as(token).get("/orgs/nope");
      const anonymous = await call("GET", "/openapi.json");
      for (const res of [ok, missing, anonymous]) {
        expect(res.headers.get("X-RateLimit-Limit")).toBe("1000000");
        expect(Number(res.headers.get("X-RateLimit-Remaining"))).toBeGreaterThan(0);
        const reset = Number(res.headers.get("X-RateLimit-Reset"));
        const now = Date.now() / 1000;
        expect(reset).toBeGreaterThan(now);
        expect(reset).toBeLessThanOrEqual(Math.ceil(now) + 60);
      }
      expect(ok.status).toBe(200);
      expect(missing.status).toBe(404);
    });

    it("counts down Remaining for one token", async () => {
      const { token } = await makeUser();
      await awayFromWindowEdge();
      const first = await as(token).get("/user");
      const second = await as(token).get("/user");
      expect(Number(second.headers.get("X-RateLimit-Remaining"))).toBe(
        Number(first.headers.get("X-RateLimit-Remaining")) - 1,
      );
    });

    it("answers a burst over the limit with 429, Retry-After and the error shape", async () => {
      const { token } = await makeUser();
      await awayFromWindowEdge();
      const answers = await burst("/user", { Authorization: `Bearer ${token}` });
      expect(answers.slice(0, LOW_LIMIT).map((r) => r.status)).toEqual(Array(LOW_LIMIT).fill(200));
      expect(answers.map((r) => r.headers.get("X-RateLimit-Remaining"))).toEqual([
        "4",
        "3",
        "2",
        "1",
        "0",
        "0",
      ]);
      const over = answers[LOW_LIMIT]!;
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ error: { code: 429, message: expect.stringMatching(/token/) } });
      const retryAfter = Number(over.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(over.headers.get("X-RateLimit-Limit")).toBe("5");
      expect(over.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(over.headers.get("X-Content-Type-Options")).toBe("nosniff");
    });

    it("keeps each token's budget apart, even for one user", async () => {
      const { token, user } = await makeUser();
      const other = await makeToken(user.id);
      await awayFromWindowEdge();
      const answers = await burst("/user", { Authorization: `Bearer ${token}` });
      expect(answers[LOW_LIMIT]!.status).toBe(429);
      const fresh = await fetchWith(lowEnv, "/user", { Authorization: `Bearer ${other}` });
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get("X-RateLimit-Remaining")).toBe("4");
    });

    it("keys unauthenticated requests by CF-Connecting-IP", async () => {
      const [ipA, ipB] = [uniqueAddress("203.0"), uniqueAddress("198.51")];
      await awayFromWindowEdge();
      const answers = await burst("/openapi.json", { "CF-Connecting-IP": ipA });
      expect(answers[LOW_LIMIT - 1]!.status).toBe(200);
      expect(answers[LOW_LIMIT]!.status).toBe(429);
      expect(answers[LOW_LIMIT]!.body.error.message).toMatch(/client address/);
      const other = await fetchWith(lowEnv, "/openapi.json", { "CF-Connecting-IP": ipB });
      expect(other.status).toBe(200);
      // A valid token from the throttled address has its own budget.
      const { token } = await makeUser();
      const withToken = await fetchWith(lowEnv, "/user", {
        "CF-Connecting-IP": ipA,
        Authorization: `Bearer ${token}`,
      });
      expect(withToken.status).toBe(200);
    });

    it("charges unknown tokens to the client address, so guessing tokens is throttled", async () => {
      const ip = uniqueAddress("192.0");
      await awayFromWindowEdge();
      const answers = [];
      for (let i = 0; i <= LOW_LIMIT; i++) {
        const guess = `quire_${unique("guess").padEnd(43, "x").slice(0, 43)}`;
        answers.push(
          await fetchWith(lowEnv, "/user", {
            "CF-Connecting-IP": ip,
            Authorization: `Bearer ${guess}`,
          }),
        );
      }
      expect(answers.slice(0, LOW_LIMIT).map((r) => r.status)).toEqual(Array(LOW_LIMIT).fill(401));
      expect(answers[LOW_LIMIT]!.status).toBe(429);
      expect(answers[LOW_LIMIT]!.headers.get("Retry-After")).toMatch(/^\d+$/);
    });

    it("limits nothing and adds no headers when the deployment has no bindings", async () => {
      const { token } = await makeUser();
      const bare: Record<string, unknown> = { ...env };
      delete bare.RATE_LIMIT_TOKEN;
      delete bare.RATE_LIMIT_IP;
      for (let i = 0; i <= LOW_LIMIT; i++) {
        const res = await fetchWith(bare, "/user", { Authorization: `Bearer ${token}` });
        expect(res.status).toBe(200);
        expect(res.headers.get("X-RateLimit-Limit")).toBeNull();
      }
    });
  });
});

describe("openapi", () => {
  beforeAll(emptyStorage);
  const METHODS = ["get", "post", "put", "patch", "delete"];

  describe("the served OpenAPI document", () => {
    it("is OpenAPI 3.1 and needs no token", async () => {
      const res = await call("GET", "/openapi.json");
      expect(res.status).toBe(200);
      expect(res.body.openapi).toBe("3.1.0");
      expect(res.body.components.securitySchemes.bearer).toEqual({
        type: "http",
        scheme: "bearer",
      });
    });

    it("declares what the middleware adds: 429 everywhere, Idempotency-Key with 409 and 422 on POST", async () => {
      const res = await call("GET", "/openapi.json");
      const paths = res.body.paths as Record<string, Record<string, any>>;
      const create = paths["/v1/orgs/{organizationId}/collections"]!.post;
      const header = create.parameters.find((p: { name: string }) => p.name === "Idempotency-Key");
      expect(header).toMatchObject({ in: "header", required: false });
      expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["409", "422", "429"]));
      const read = paths["/v1/orgs/{organizationId}"]!.get;
      expect(read.responses["429"]).toBeDefined();
      expect(read.responses["422"]).toBeUndefined();
      expect(
        (read.parameters ?? []).some((p: { name: string }) => p.name === "Idempotency-Key"),
      ).toBe(false);
    });

    it("lists exactly the routes the app serves", async () => {
      const res = await call("GET", "/openapi.json");
      const documented = new Set<string>();
      for (const [path, item] of Object.entries(res.body.paths as Record<string, object>)) {
        // Outside /v1: browser and protocol endpoints (the SAML SPs, signed integration assets).
        if (!path.startsWith("/v1/")) continue;
        for (const method of Object.keys(item)) {
          if (METHODS.includes(method)) documented.add(`${method.toUpperCase()} ${path}`);
        }
      }
      const served = new Set<string>();
      for (const route of createApp().routes) {
        if (route.method === "ALL" || route.path.includes("*")) continue;
        if (route.path === "/v1/openapi.json" || route.path === "/v1/reference") continue;
        if (!route.path.startsWith("/v1/")) continue;
        served.add(`${route.method} ${route.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`);
      }
      expect([...served].filter((r) => !documented.has(r))).toEqual([]);
      expect([...documented].filter((r) => !served.has(r))).toEqual([]);
      expect(served.size).toBeGreaterThan(0);
    });

    it("renders a browsable reference page from the same document", async () => {
      const res = await call("GET", "/reference");
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
      expect(res.text).toContain("/v1/user/tokens");
      expect(res.text).toContain("/v1/openapi.json");
    });
  });
});
