import { describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeSpec, smallSpecText, waitProcessed } from "../helpers/openapi-factories";

describe("API spec requests", () => {
  it("refuses a bad slug with a 400 naming it", async () => {
    const { org, owner } = await makeOrg();
    const bad = await as(owner.token).post(`/orgs/${org.id}/openapi`, {
      slug: "not a slug",
      source: { text: smallSpecText() },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/slug/);
    const put = await as(owner.token).put(`/orgs/${org.id}/openapi/-bad-`, {
      source: { text: smallSpecText() },
    });
    expect(put.status).toBe(400);
    expect(put.body.error.message).toMatch(/specSlug/);
  });

  it("refuses a source that is neither a URL nor a text (400)", async () => {
    const { org, owner } = await makeOrg();
    for (const source of [{}, { url: "ftp://x.example.com/a" }, { text: "" }]) {
      const res = await as(owner.token).post(`/orgs/${org.id}/openapi`, { slug: "a", source });
      expect(res.status, JSON.stringify(source)).toBe(400);
      expect(res.body.error.message).toMatch(/source/);
    }
  });

  it("answers 413 to a 50 MB body and to a text over 10 MiB", async () => {
    const { org, owner } = await makeOrg();
    const huge = await call("PUT", `/orgs/${org.id}/openapi/huge`, {
      token: owner.token,
      rawBody: JSON.stringify({ source: { text: "a".repeat(50 * 1024 * 1024) } }),
      headers: { "Content-Type": "application/json" },
    });
    expect(huge.status).toBe(413);
    const over = await as(owner.token).post(`/orgs/${org.id}/openapi`, {
      slug: "over",
      source: { text: "a".repeat(10 * 1024 * 1024 + 1) },
    });
    expect(over.status).toBe(413);
  }, 90_000);

  it("accepts a 10 MiB text whose JSON-escaped body is twice that, and processes it", async () => {
    const { org, owner } = await makeOrg();
    // JSON (YAML stops at 1.5 MiB, see limits.test.ts): each `\"` doubles in the body.
    const head = '{"openapi":"3.0.3","info":{"title":"Big","version":"1"},"paths":{},"x-pad":"';
    const room = 10 * 1024 * 1024 - head.length - 2;
    const text = `${head}${'\\"'.repeat(Math.floor(room / 2))}${" ".repeat(room % 2)}"}`;
    expect(text.length).toBe(10 * 1024 * 1024);
    const res = await as(owner.token).put(`/orgs/${org.id}/openapi/big`, { source: { text } });
    expect(res.status, res.text.slice(0, 200)).toBe(201);
    const spec = await waitProcessed(owner.token, org.id, "big", undefined, 30_000);
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect(spec.lastVersion).toBeDefined();
  }, 90_000);

  it("creates with PUT (201), updates with PUT (200), conflicts on POST of a taken slug", async () => {
    const { org, owner } = await makeOrg();
    const api = as(owner.token);
    const created = await api.put(`/orgs/${org.id}/openapi/put-me`, {
      source: { text: smallSpecText() },
    });
    expect(created.status).toBe(201);
    expect(created.body.processingState).toBe("pending");
    const updated = await api.put(`/orgs/${org.id}/openapi/put-me`, {
      source: { url: "https://specs.example.com/petstore.json" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.id).toBe(created.body.id);
    expect(updated.body.sourceURL).toBe("https://specs.example.com/petstore.json");
    const taken = await api.post(`/orgs/${org.id}/openapi`, {
      slug: "put-me",
      source: { text: smallSpecText() },
    });
    expect(taken.status).toBe(409);
  });

  it("lists specs with keyset pages and deletes (204 whether or not it existed)", async () => {
    const { org, owner } = await makeOrg();
    const api = as(owner.token);
    for (const slug of ["a", "b", "c"]) await makeSpec(owner.token, org.id, slug);
    const first = await api.get(`/orgs/${org.id}/openapi`, { query: { limit: 2 } });
    expect(first.body.count).toBe(3);
    expect(first.body.items.map((s: { slug: string }) => s.slug)).toEqual(["a", "b"]);
    const second = await api.get(`/orgs/${org.id}/openapi`, {
      query: { limit: 2, page: first.body.next.page },
    });
    expect(second.body.items.map((s: { slug: string }) => s.slug)).toEqual(["c"]);
    await waitProcessed(owner.token, org.id, "b");
    expect((await api.delete(`/orgs/${org.id}/openapi/b`)).status).toBe(204);
    expect((await api.delete(`/orgs/${org.id}/openapi/b`)).status).toBe(204);
    expect((await api.get(`/orgs/${org.id}/openapi/b`)).status).toBe(404);
    expect((await api.get(`/orgs/${org.id}/openapi/b/versions/latest`)).status).toBe(404);
  });

  it("answers 404 for an unknown version and for latest before any version", async () => {
    const { org, owner } = await makeOrg();
    const api = as(owner.token);
    await makeSpec(owner.token, org.id, "v");
    const spec = await waitProcessed(owner.token, org.id, "v");
    expect((await api.get(`/orgs/${org.id}/openapi/v/versions/nope`)).status).toBe(404);
    const byId = await api.get(`/orgs/${org.id}/openapi/v/versions/${spec.lastVersion}`);
    expect(byId.status).toBe(200);
    await api.put(`/orgs/${org.id}/openapi/w`, { source: { text: "::: not yaml" } });
    await waitProcessed(owner.token, org.id, "w");
    expect((await api.get(`/orgs/${org.id}/openapi/w/versions/latest`)).status).toBe(404);
    expect((await api.get(`/orgs/${org.id}/openapi/w/versions/latest/content/raw`)).status).toBe(
      404,
    );
  });
});
