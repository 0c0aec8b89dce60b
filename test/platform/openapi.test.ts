import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { call } from "../helpers/api";

const METHODS = ["get", "post", "put", "patch", "delete"];

describe("the served OpenAPI document", () => {
  it("is OpenAPI 3.1 and needs no token", async () => {
    const res = await call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.components.securitySchemes.bearer).toEqual({ type: "http", scheme: "bearer" });
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
