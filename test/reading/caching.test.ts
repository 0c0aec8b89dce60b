import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import {
  addSpec,
  moveSpec,
  publishedDocs,
  revisionReader,
  siteTokenFor,
  siteUrl,
} from "../helpers/reading-factories";
import { siteKey, visitorToken } from "../helpers/sites-factories";

// Reader caching (docs/compatibility.md, "Reader caching"): a revision's pages and files carry
// an ETag derived from what fixes them (revision, URL, grant, the organization's API specs), so
// a revalidation is answered after the grant check alone; any other answer's ETag is a digest
// of its body.

const DERIVED = /^W\/"r[0-9a-f]{24}"$/;
const DIGEST = /^W\/"[0-9a-f]{24}"$/;

/** A GET with `If-None-Match`. */
function revalidate(token: string, path: string, etag: string) {
  return as(token).get(path, { headers: { "If-None-Match": etag } });
}

describe("derived ETags of a revision's pages", () => {
  it("answer a revalidation with 304 after the grant check alone, before the content", async () => {
    const { token, fixedPaths } = await revisionReader();
    for (const path of fixedPaths) {
      const first = await as(token).get(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get("ETag")!;
      expect(etag, path).toMatch(DERIVED);
      expect(first.headers.get("Cache-Control")).toBe(
        "private, max-age=60, stale-while-revalidate=300",
      );
      const again = await revalidate(token, path, `W/"other", ${etag}`);
      expect(again.status, path).toBe(304);
      expect(again.headers.get("ETag")).toBe(etag);
      expect(again.text).toBe("");
      expect(d1Cost(again).roundTrips).toBe(1);
      expect(d1Cost(again).rowsRead, path).toBeLessThan(d1Cost(first).rowsRead);
    }
  });

  it("differ by URL, and hold across a renewed token of the same grant", async () => {
    const { site, token, rev, install } = await revisionReader();
    const path = `${rev}/page/${install}`;
    const document = (await as(token).get(path)).headers.get("ETag");
    const markdown = (await as(token).get(`${path}?format=markdown`)).headers.get("ETag");
    expect(markdown).not.toBe(document);
    const renewed = await siteTokenFor(siteUrl(site.id));
    expect((await revalidate(renewed, path, document!)).status).toBe(304);
  });

  it("differ between visitors whose claims differ (adaptive content)", async () => {
    const docs = await publishedDocs({ visibility: "visitor-auth", adaptive: true });
    const key = await siteKey(docs.site.id);
    const tokenOf = async (claims: Record<string, unknown>) =>
      siteTokenFor(siteUrl(docs.site.id), {
        visitor: { jwtToken: await visitorToken(key, claims) },
      });
    const plain = await tokenOf({});
    const beta = await tokenOf({ beta: true });
    const head = await as(plain).get(`/spaces/${docs.space.id}`);
    const path = `/spaces/${docs.space.id}/revisions/${head.body.revision as string}/pages`;
    const first = (await as(plain).get(path)).headers.get("ETag")!;
    const other = await revalidate(beta, path, first);
    expect(other.status).toBe(200);
    expect(other.headers.get("ETag")).toMatch(DERIVED);
    expect(other.headers.get("ETag")).not.toBe(first);
  });

  it("change when the organization's API specs change (computed pages render from them)", async () => {
    const { org, token, rev, install } = await revisionReader();
    const path = `${rev}/page/${install}/document`;
    const before = (await as(token).get(path)).headers.get("ETag")!;
    await addSpec(org.id);
    const added = await revalidate(token, path, before);
    expect(added.status).toBe(200);
    const withSpec = added.headers.get("ETag")!;
    expect(withSpec).toMatch(DERIVED);
    expect(withSpec).not.toBe(before);
    await moveSpec(org.id);
    const versioned = await revalidate(token, path, withSpec);
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get("ETag")).not.toBe(withSpec);
  });

  it("are never a 304 once the site is unpublished: the grant check answers 404", async () => {
    const { org, owner, site, token, rev, install } = await revisionReader();
    const path = `${rev}/page/${install}/document`;
    const etag = (await as(token).get(path)).headers.get("ETag")!;
    await as(owner.token).post(`/orgs/${org.id}/sites/${site.id}/unpublish`);
    const after = await revalidate(token, path, etag);
    expect(after.status).toBe(404);
  });
});

describe("digest ETags elsewhere", () => {
  it("for the space, the head's content and a page's meta-links, with 304 on a match", async () => {
    const { space, token, rev, install } = await revisionReader();
    for (const path of [
      `/spaces/${space.id}`,
      `/spaces/${space.id}/content/pages`,
      `${rev}/page/${install}/meta-links`,
    ]) {
      const first = await as(token).get(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get("ETag")!;
      expect(etag, path).toMatch(DIGEST);
      expect((await revalidate(token, path, etag)).status, path).toBe(304);
    }
  });
});
