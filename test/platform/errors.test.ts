import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { as, call } from "../helpers/api";
import { makeUser } from "../helpers/factories";

describe("the wire contract for errors", () => {
  it("answers an unknown route with a JSON 404", async () => {
    const { token } = await makeUser();
    const res = await as(token).get("/no/such/route");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { code: 404, message: expect.stringContaining("No route") },
    });
  });

  it("answers a wrong method with a JSON 405 and an Allow header", async () => {
    const { token } = await makeUser();
    const res = await as(token).patch("/user", {});
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    expect(res.body.error.code).toBe(405);
  });

  it("answers malformed JSON with a 400 that says so", async () => {
    const { token } = await makeUser();
    const res = await call("POST", "/user/tokens", {
      token,
      rawBody: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/malformed JSON/i);
  });

  it("names the offending field and the rule in a validation 400", async () => {
    const { token } = await makeUser();
    const res = await as(token).post("/user/tokens", { label: "" });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^body\.label: /);
    const extra = await as(token).post("/user/tokens", { label: "ok", bogus: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toMatch(/bogus/);
    const query = await as(token).get("/user/tokens", { query: { limit: 5000 } });
    expect(query.status).toBe(400);
    expect(query.body.error.message).toMatch(/^query\.limit: /);
  });

  it("answers a body over 1 MiB with 413 before parsing it", async () => {
    const { token } = await makeUser();
    const res = await call("POST", "/user/tokens", {
      token,
      rawBody: JSON.stringify({ label: "x".repeat(1024 * 1024 + 10) }),
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe(413);
  });

  it("answers 401 with the error body for a missing token", async () => {
    const res = await call("GET", "/user");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 401, message: expect.any(String) } });
  });

  it("hides internals in a 500 and carries the logged request id", async () => {
    const app = createApp();
    app.get("/v1/explode", () => {
      throw new Error("secret database detail");
    });
    const { token } = await makeUser();
    const res = await app.request(
      "/v1/explode",
      { headers: { Authorization: `Bearer ${token}` } },
      env,
    );
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(500);
    expect(body.error.message).not.toMatch(/secret|stack|Error:/);
    const requestId = res.headers.get("X-Request-Id");
    expect(requestId).toBeTruthy();
    expect(body.error.message).toContain(requestId!);
  });
});
