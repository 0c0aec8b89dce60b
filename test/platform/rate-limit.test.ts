import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { as, call } from "../helpers/api";
import { assertContract } from "../helpers/contract";
import { makeToken, makeUser, unique } from "../helpers/factories";
import { uniqueAddress } from "../helpers/addresses";

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
