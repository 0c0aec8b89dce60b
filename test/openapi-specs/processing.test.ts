import { describe, expect, it } from "vitest";
import { as, call, d1Cost, warmToken } from "../helpers/api";
import { createCr, postContent, postMerge } from "../helpers/change-requests-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { makeOrg } from "../helpers/factories";
import { openApiSource } from "../helpers/openapi-pages-fixtures";
import {
  gitbookSpecText,
  makeSpec,
  smallSpecText,
  waitProcessed,
} from "../helpers/openapi-factories";

describe("API spec processing", () => {
  it("publishes GitBook's own spec as text: complete, versions, raw, public read, a page", async () => {
    const { org, owner } = await makeOrg();
    const api = as(owner.token);
    const text = gitbookSpecText();
    const created = await makeSpec(owner.token, org.id, "gitbook-api", text);
    expect(created.processingState).toBe("pending");
    const spec = await waitProcessed(owner.token, org.id, "gitbook-api", undefined, 30_000);
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect(spec.lastVersion).toBeDefined();

    const versions = await api.get(`/orgs/${org.id}/openapi/gitbook-api/versions`);
    expect(versions.status).toBe(200);
    expect(versions.body.count).toBe(1);
    expect(versions.body.items[0].id).toBe(spec.lastVersion);
    const latest = await api.get(`/orgs/${org.id}/openapi/gitbook-api/versions/latest`);
    expect(latest.body.id).toBe(spec.lastVersion);

    const raw = await api.get(`/orgs/${org.id}/openapi/gitbook-api/versions/latest/content/raw`);
    expect(raw.status).toBe(200);
    expect(raw.body.format).toBe("json");
    expect(raw.body.text).toBe(text);

    const content = await api.get(`/orgs/${org.id}/openapi/gitbook-api/versions/latest/content`);
    expect(content.status).toBe(200);
    const doc = content.body.filesystem["openapi.json"];
    expect(doc.openapi).toBe(JSON.parse(text).openapi);
    expect(content.body.urls.public).toBeNull();

    // Private: the published URL answers exactly like an unknown slug.
    const privateRead = await call("GET", `/public/openapi/${org.id}/gitbook-api`);
    const unknown = await call("GET", `/public/openapi/${org.id}/nope`);
    expect(privateRead.status).toBe(404);
    expect(privateRead.text).toBe(unknown.text);

    const made = await api.patch(`/orgs/${org.id}/openapi/gitbook-api`, { visibility: "public" });
    expect(made.status).toBe(200);
    expect(made.body.urls.published).toBe(
      `https://quire.test/v1/public/openapi/${org.id}/gitbook-api`,
    );
    const publicRead = await call("GET", `/public/openapi/${org.id}/gitbook-api`);
    expect(publicRead.status).toBe(200);
    expect(publicRead.headers.get("content-type")).toContain("application/json");
    expect(publicRead.text).toBe(text);

    // A computed operations page of a space renders from the spec's latest version.
    const space = await makeContentSpace(org.id, owner);
    const cr = await createCr(owner, space.id);
    const computed = openApiSource("gitbook-api", { doc: "operations", page: "spaces" });
    const page = { operation: "insert_page", title: "Spaces", document: {}, computed };
    expect((await postContent(owner, space.id, cr.id, [page])).status).toBe(200);
    expect((await postMerge(owner, space.id, cr.id)).status).toBe(200);
    await warmToken(owner.token);
    const md = await api.get(`/spaces/${space.id}/content/path/spaces`, {
      query: { format: "markdown" },
    });
    expect(md.status, md.text).toBe(200);
    expect(md.body.markdown).toContain("`POST /spaces/{spaceId}/duplicate`");
    expect(d1Cost(md).roundTrips).toBeLessThanOrEqual(2);
  }, 90_000);

  it("makes no new version for an unchanged source, and one when it changes", async () => {
    const { org, owner } = await makeOrg();
    const api = as(owner.token);
    await makeSpec(owner.token, org.id, "tiny");
    const first = await waitProcessed(owner.token, org.id, "tiny");
    await api.put(`/orgs/${org.id}/openapi/tiny`, { source: { text: smallSpecText() } });
    const again = await waitProcessed(owner.token, org.id, "tiny", first.lastProcessedAt);
    expect(again.lastVersion).toBe(first.lastVersion);
    const put = await api.put(`/orgs/${org.id}/openapi/tiny`, {
      source: { text: smallSpecText("2.0.0") },
    });
    expect(put.status).toBe(200);
    const changed = await waitProcessed(owner.token, org.id, "tiny", again.lastProcessedAt);
    expect(changed.lastVersion).not.toBe(first.lastVersion);
    const versions = await api.get(`/orgs/${org.id}/openapi/tiny/versions`);
    expect(versions.body.count).toBe(2);
    expect(versions.body.items.map((v: { id: string }) => v.id)).toEqual([
      changed.lastVersion,
      first.lastVersion,
    ]);
    const old = await api.get(`/orgs/${org.id}/openapi/tiny/versions/${first.lastVersion}/content`);
    expect(old.body.filesystem["openapi.json"].info.version).toBe("1.0.0");
  });

  it("keeps the previous version live when a new source fails to parse", async () => {
    const { org, owner } = await makeOrg();
    const api = as(owner.token);
    await makeSpec(owner.token, org.id, "keep");
    const good = await waitProcessed(owner.token, org.id, "keep");
    await api.put(`/orgs/${org.id}/openapi/keep`, {
      source: { text: '{"openapi": "3.0.0",\n  "info": }' },
    });
    const bad = await waitProcessed(owner.token, org.id, "keep", good.lastProcessedAt);
    expect(bad.lastProcessErrorCode).toBe("PARSE_ERROR");
    expect(bad.lastProcessedErrors[0].line).toBe(2);
    expect(bad.lastProcessedErrors[0].column).toBeGreaterThan(0);
    expect(bad.lastVersion).toBe(good.lastVersion);
    const latest = await api.get(`/orgs/${org.id}/openapi/keep/versions/latest/content/raw`);
    expect(latest.body.text).toBe(smallSpecText());
  });

  it("reports YAML syntax errors with line and column", async () => {
    const { org, owner } = await makeOrg();
    await makeSpec(owner.token, org.id, "yaml-bad", "openapi: 3.1.0\ninfo:\n  title: [unclosed\n");
    const spec = await waitProcessed(owner.token, org.id, "yaml-bad");
    expect(spec.lastProcessErrorCode).toBe("PARSE_ERROR");
    expect(spec.lastProcessedErrors[0].line).toBeGreaterThan(0);
    expect(spec.lastProcessedErrors[0].column).toBeGreaterThan(0);
    expect(spec.lastVersion).toBeUndefined();
  });

  it("refuses a document that is not OpenAPI, naming what is missing", async () => {
    const { org, owner } = await makeOrg();
    await makeSpec(owner.token, org.id, "not-openapi", "title: hello\nitems: [1, 2]\n");
    const spec = await waitProcessed(owner.token, org.id, "not-openapi");
    expect(spec.lastProcessErrorCode).toBe("PARSE_ERROR");
    expect(spec.lastProcessedErrors[0].message).toMatch(/Not an OpenAPI document/);
    await makeSpec(owner.token, org.id, "no-info", JSON.stringify({ openapi: "3.0.1", paths: {} }));
    const noInfo = await waitProcessed(owner.token, org.id, "no-info");
    expect(noInfo.lastProcessedErrors[0].message).toMatch(/^info: required/);
  });

  it("checks that internal references resolve", async () => {
    const { org, owner } = await makeOrg();
    const text = JSON.stringify({
      openapi: "3.1.0",
      info: { title: "x", version: "1" },
      paths: {},
      components: { schemas: { A: { $ref: "#/components/schemas/Missing" } } },
    });
    await makeSpec(owner.token, org.id, "dangling", text);
    const spec = await waitProcessed(owner.token, org.id, "dangling");
    expect(spec.lastProcessedErrors[0].message).toMatch(/does not resolve/);
  });
});
