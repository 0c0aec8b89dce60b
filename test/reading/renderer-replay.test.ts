import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { eventually } from "../helpers/jobs";
import { testDb } from "../helpers/factories";
import { reloadSpace } from "../helpers/content-factories";
import { reindexPages } from "../../src/services/search/indexer";
import { makeSpec, waitProcessed } from "../helpers/openapi-factories";
import { publishedDocs, resolveUrl, siteUrl } from "../helpers/reading-factories";

/**
 * The calls GitBook's renderer makes for one page view (packages/gitbook/src/lib/data/api.ts),
 * in its order, anonymously on a public site: every answer is checked against the official
 * document by the contract helper (`call`).
 */
describe("GitBook's renderer, one page view, replayed", () => {
  it("resolves the URL anonymously and reads the page with the site token alone", async () => {
    const { org, owner, site, space, pages } = await publishedDocs();
    await reindexPages(testDb(), await reloadSpace(space.id), []);
    await makeSpec(owner.token, org.id, "petstore");
    await waitProcessed(owner.token, org.id, "petstore");
    await as(owner.token).patch(`/orgs/${org.id}/openapi/petstore`, { visibility: "public" });

    // The renderer sends the URL without its port and with shorter alternatives alongside.
    const resolved = await resolveUrl(siteUrl(site.id, "introduction/install"), {
      visitor: { unsignedClaims: {}, type: "human" },
      redirectOnError: false,
      cacheBust: "x1",
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.pathname).toBe("introduction/install");
    const shorter = await resolveUrl(siteUrl(site.id).replace(/\/sites\/.*/, "/sites"));
    expect(shorter.status).toBe(404);
    const api = as(resolved.body.apiToken);

    const published = await api.get(`/orgs/${org.id}/sites/${site.id}/published`);
    expect(published.status).toBe(200);
    expect(published.body.site.id).toBe(site.id);

    const spaceRes = await api.get(`/spaces/${space.id}`);
    expect(spaceRes.status).toBe(200);
    const revisionId = spaceRes.body.revision;

    const revision = await api.get(`/spaces/${space.id}/revisions/${revisionId}`, {
      query: { metadata: true },
    });
    expect(revision.status).toBe(200);
    expect(revision.body.pages.map((p: { title: string }) => p.title)).toContain("Introduction");

    const install = pages.get("Install")!.pageId;
    const byPath = await api.get(
      `/spaces/${space.id}/revisions/${revisionId}/path/${encodeURIComponent("introduction/install")}`,
    );
    expect(byPath.status).toBe(200);
    expect(byPath.body.id).toBe(install);

    const document = await api.get(
      `/spaces/${space.id}/revisions/${revisionId}/page/${install}/document`,
      {
        query: { evaluated: "deterministic-only", dereferenced: "reusable-contents" },
      },
    );
    expect(document.status).toBe(200);
    expect(document.body.object).toBe("document");

    const markdown = await api.get(`/spaces/${space.id}/revisions/${revisionId}/page/${install}`, {
      query: { format: "markdown", "format.markdown.refs": "stable" },
    });
    expect(markdown.status).toBe(200);
    expect(markdown.body.markdown).toContain("npm i");

    const spec = await api.get(`/orgs/${org.id}/openapi/petstore/versions/latest/content`);
    expect(spec.status).toBe(200);

    const search = await api.post(`/orgs/${org.id}/sites/${site.id}/search`, { query: "npm" });
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body)).toContain(install);
  });
});

describe("site search with a site token", () => {
  it("finds the site's pages once indexed; another site's token reads as absence", async () => {
    const d = await publishedDocs();
    await reindexPages(testDb(), await reloadSpace(d.space.id), []);
    const other = await publishedDocs();
    const token = (await resolveUrl(siteUrl(d.site.id))).body.apiToken;
    const foreign = (await resolveUrl(siteUrl(other.site.id))).body.apiToken;
    const path = `/orgs/${d.org.id}/sites/${d.site.id}/search`;
    const body = { query: "npm", scope: { mode: "all" } };
    const found = await eventually(async () => {
      const res = await as(token).post(path, body);
      expect(res.status, res.text).toBe(200);
      expect(res.body.items.length).toBeGreaterThan(0);
      return res;
    });
    expect(JSON.stringify(found.body)).toContain("Install");
    const refused = await as(foreign).post(path, body);
    const absent = await as(foreign).post(`/orgs/${d.org.id}/sites/nope/search`, body);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(absent.body);
  });
});
