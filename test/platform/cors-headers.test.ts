import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { as, call, workerFetch } from "../helpers/api";
import { makeToken, makeUser } from "../helpers/factories";

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
