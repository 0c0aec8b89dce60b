import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openapiSpecs } from "../../src/db/schema";
import { runScheduled } from "../../src/scheduled";
import { as, call } from "../helpers/api";
import { eventually } from "../helpers/jobs";
import { makeOrg, testDb } from "../helpers/factories";
import { waitProcessed } from "../helpers/openapi-factories";

const HOST = "https://specs.example.com";

/** Creates a URL spec and waits for its first processing. */
async function urlSpec(url: string) {
  const { org, owner } = await makeOrg();
  const res = await as(owner.token).post(`/orgs/${org.id}/openapi`, {
    slug: "from-url",
    source: { url },
  });
  expect(res.status, res.text).toBe(201);
  expect(res.body.sourceURL).toBe(url);
  const spec = await waitProcessed(owner.token, org.id, "from-url");
  return { org, owner, spec };
}

describe("API specs from URLs", () => {
  it("fetches a JSON spec through the outbound fetcher", async () => {
    const { spec } = await urlSpec(`${HOST}/petstore.json`);
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect(spec.lastVersion).toBeDefined();
  });

  it("accepts Swagger 2.0", async () => {
    const { spec } = await urlSpec(`${HOST}/swagger.json`);
    expect(spec.lastProcessErrorCode).toBeUndefined();
  });

  it("inlines external references, keeping internal ones", async () => {
    const { org, owner, spec } = await urlSpec(`${HOST}/with-ref.yaml`);
    expect(spec.lastProcessErrorCode).toBeUndefined();
    const content = await as(owner.token).get(
      `/orgs/${org.id}/openapi/from-url/versions/latest/content`,
    );
    const doc = content.body.filesystem["openapi.yaml"];
    const schema = doc.paths["/pets"].get.responses["200"].content["application/json"].schema;
    expect(schema).toEqual({ type: "object", properties: { tag: { type: "string" } } });
    const raw = await as(owner.token).get(
      `/orgs/${org.id}/openapi/from-url/versions/latest/content/raw`,
    );
    expect(raw.body.format).toBe("yaml");
    // Public: the published copy is the YAML as fetched, with its content type, without a token.
    await as(owner.token).patch(`/orgs/${org.id}/openapi/from-url`, { visibility: "public" });
    const published = await call("GET", `/public/openapi/${org.id}/from-url`);
    expect(published.status).toBe(200);
    expect(published.headers.get("content-type")).toContain("application/yaml");
    expect(published.text).toBe(raw.body.text);
  });

  it("ends a reference loop with a PARSE_ERROR naming the chain", async () => {
    const { spec } = await urlSpec(`${HOST}/loop.yaml`);
    expect(spec.lastProcessErrorCode).toBe("PARSE_ERROR");
    expect(spec.lastProcessedErrors[0].message).toMatch(/Circular \$ref/);
  });

  it("refuses a private address (FETCH_ERROR)", async () => {
    const { spec } = await urlSpec("http://10.0.0.7/spec.json");
    expect(spec.lastProcessErrorCode).toBe("FETCH_ERROR");
    expect(spec.lastProcessedErrors[0].message).toMatch(/not a public address/);
  });

  it("re-checks each redirect: one to a private address is refused (FETCH_ERROR)", async () => {
    const { spec } = await urlSpec(
      "https://echo.example.com/redirect?to=http://169.254.169.254/latest/meta-data",
    );
    expect(spec.lastProcessErrorCode).toBe("FETCH_ERROR");
    expect(spec.lastProcessedErrors[0].message).toMatch(/not a public address/);
  });

  it("refuses an answer over the 10 MiB cap (FETCH_ERROR)", async () => {
    const { spec } = await urlSpec(`https://echo.example.com/bytes/${10 * 1024 * 1024 + 1}`);
    expect(spec.lastProcessErrorCode).toBe("FETCH_ERROR");
    expect(spec.lastProcessedErrors[0].message).toMatch(/larger than/);
  });

  it("reports an HTTP error answer (FETCH_ERROR)", async () => {
    const { spec } = await urlSpec(`${HOST}/missing.json`);
    expect(spec.lastProcessErrorCode).toBe("FETCH_ERROR");
    expect(spec.lastProcessedErrors[0].message).toMatch(/HTTP 404/);
  });

  it("gives up on a server that never answers (FETCH_TIMEOUT)", async () => {
    const { spec } = await urlSpec(`${HOST}/never`);
    expect(spec.lastProcessErrorCode).toBe("FETCH_TIMEOUT");
  });

  it("re-fetches due URL specs on schedule, with a new version only on change", async () => {
    const { org, owner, spec } = await urlSpec(`${HOST}/changing.json?id=${crypto.randomUUID()}`);
    const db = testDb();
    const past = new Date(Date.now() - 1000).toISOString();
    await db.update(openapiSpecs).set({ nextFetchAt: past }).where(eq(openapiSpecs.id, spec.id));
    const report = await runScheduled(env, Date.now());
    expect(report["openapi-refetch"]).toEqual({ queued: 1 });
    const after = await waitProcessed(owner.token, org.id, "from-url", spec.lastProcessedAt);
    expect(after.lastVersion).not.toBe(spec.lastVersion);
    const [row] = await db.select().from(openapiSpecs).where(eq(openapiSpecs.id, spec.id));
    expect(row!.nextFetchAt! > new Date(Date.now() + 50 * 60_000).toISOString()).toBe(true);
  });

  it("keeps the previous version live when a fetch fails or times out (progress meanwhile)", async () => {
    const { org, owner, spec } = await urlSpec(`${HOST}/petstore.json`);
    const api = as(owner.token);
    const path = `/orgs/${org.id}/openapi/from-url`;
    const before = await api.get(`${path}/versions/latest/content/raw`);
    expect(before.status).toBe(200);
    await api.put(path, { source: { url: `${HOST}/missing.json` } });
    const failed = await waitProcessed(owner.token, org.id, "from-url", spec.lastProcessedAt);
    expect(failed.lastProcessErrorCode).toBe("FETCH_ERROR");
    expect(failed.lastVersion).toBe(spec.lastVersion);
    await api.put(path, { source: { url: `${HOST}/never` } });
    // While the fetch waits for its time limit, the spec shows it is being processed.
    await eventually(async () => {
      expect((await api.get(path)).body.processingState).toBe("progress");
    });
    const late = await waitProcessed(owner.token, org.id, "from-url", failed.lastProcessedAt);
    expect(late.lastProcessErrorCode).toBe("FETCH_TIMEOUT");
    expect(late.lastVersion).toBe(spec.lastVersion);
    const after = await api.get(`${path}/versions/latest/content/raw`);
    expect(after.body).toEqual(before.body);
    const versions = await api.get(`${path}/versions`);
    expect(versions.body.count).toBe(1);
  });

  it("re-processing an unchanged URL makes no new version", async () => {
    const { org, owner, spec } = await urlSpec(`${HOST}/petstore.json`);
    const put = await as(owner.token).put(`/orgs/${org.id}/openapi/from-url`, {
      source: { url: `${HOST}/petstore.json` },
    });
    expect(put.status).toBe(200);
    const after = await waitProcessed(owner.token, org.id, "from-url", spec.lastProcessedAt);
    expect(after.lastVersion).toBe(spec.lastVersion);
  });
});
