import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost } from "../helpers/api";
import {
  addSpec,
  moveSpec,
  publishedDocs,
  revisionReader,
  siteTokenFor,
  siteUrl,
  resolveUrl,
} from "../helpers/reading-factories";
import { siteKey, visitorToken } from "../helpers/sites-factories";
import {
  commitChanges,
  mainPagesByTitle,
  proposeChanges,
  reloadSpace,
} from "../helpers/content-factories";
import { eventually } from "../helpers/jobs";
import { testDb } from "../helpers/factories";
import { reindexPages } from "../../src/services/search/indexer";
import { makeSpec, waitProcessed } from "../helpers/openapi-factories";
import { env } from "cloudflare:test";
import { emptyStorage } from "../helpers/storage";

describe("caching", () => {
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
});

describe("changes", () => {
  beforeAll(emptyStorage);
  /** The published docs after one merged revision that creates, edits and moves pages. */
  async function changedDocs() {
    const d = await publishedDocs();
    const page = (title: string) => d.pages.get(title)!.pageId;
    const merged = await commitChanges(d.space.id, d.owner.user.id, [
      { operation: "insert_page", title: "New", document: { markdown: "New.\n" } },
      { operation: "update_page", page: page("Guide"), title: "Handbook" },
      { operation: "update_page", page: page("Install"), into: null },
    ]);
    const token = await siteTokenFor(siteUrl(d.site.id));
    return { ...d, page, revision: merged.revision, token };
  }

  describe("GET /v1/spaces/{spaceId}/revisions/{revisionId}/changes", () => {
    it("lists what a revision of main changed, for a site token of the site", async () => {
      const d = await changedDocs();
      const res = await as(d.token).get(`/spaces/${d.space.id}/revisions/${d.revision}/changes`);
      expect(res.status, res.text).toBe(200);
      const byType = new Map(
        (res.body.changes as { type: string }[]).map((c) => [c.type, c] as const),
      );
      expect(res.body.changes).toHaveLength(3);
      expect(byType.get("page_created")).toMatchObject({
        page: { type: "document", title: "New" },
      });
      expect(byType.get("page_edited")).toEqual({
        type: "page_edited",
        page: { id: d.page("Guide"), type: "document", title: "Handbook", path: "guide" },
        attributes: { title: { before: "Guide", after: "Handbook" } },
      });
      expect(byType.get("page_moved")).toEqual({
        type: "page_moved",
        page: { id: d.page("Install"), type: "document", title: "Install", path: "install" },
        parent: {
          before: {
            id: d.page("Introduction"),
            type: "document",
            title: "Introduction",
            path: "introduction",
          },
        },
      });
      expect(res.body.more).toBeUndefined();
    });

    it("returns at most `limit` changes and counts the others in `more`", async () => {
      const d = await changedDocs();
      const res = await as(d.token).get(`/spaces/${d.space.id}/revisions/${d.revision}/changes`, {
        query: { limit: 1 },
      });
      expect(res.body.changes).toHaveLength(1);
      expect(res.body.more).toBe(2);
      const bad = await as(d.token).get(`/spaces/${d.space.id}/revisions/${d.revision}/changes`, {
        query: { limit: 0 },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain("limit");
    });

    it("lists a page deletion, and a change request's revision against the one before", async () => {
      const d = await changedDocs();
      const deleted = await commitChanges(d.space.id, d.owner.user.id, [
        { operation: "delete_page", page: (await mainPagesByTitle(d.space.id)).get("New")!.pageId },
      ]);
      const owner = as(d.owner.token);
      const res = await owner.get(`/spaces/${d.space.id}/revisions/${deleted.revision}/changes`);
      expect(res.body.changes).toMatchObject([
        { type: "page_deleted", page: { type: "document", title: "New", path: "new" } },
      ]);
      const cr = await proposeChanges(d.space.id, d.owner.user.id, [
        { operation: "insert_page", title: "Draft", document: {} },
      ]);
      const inCr = await owner.get(`/spaces/${d.space.id}/revisions/${cr.revisionId}/changes`);
      expect(inCr.status, inCr.text).toBe(200);
      expect(inCr.body.changes).toMatchObject([{ type: "page_created", page: { title: "Draft" } }]);
      // A site token reads main-line revisions only.
      const forToken = await as(d.token).get(
        `/spaces/${d.space.id}/revisions/${cr.revisionId}/changes`,
      );
      expect(forToken.status).toBe(404);
    });

    it("is a 404 for another site's token, identical to a space that does not exist", async () => {
      const d = await changedDocs();
      const other = await publishedDocs();
      const token = await siteTokenFor(siteUrl(other.site.id));
      const foreign = await as(token).get(`/spaces/${d.space.id}/revisions/${d.revision}/changes`);
      const missing = await as(token).get(`/spaces/nope/revisions/${d.revision}/changes`);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
    });
  });

  describe("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes", () => {
    it("lists what a change request changes against main, files included, for members", async () => {
      const d = await changedDocs();
      const cr = await proposeChanges(d.space.id, d.owner.user.id, [
        { operation: "insert_page", title: "Draft", document: {} },
        { operation: "update_page", page: d.page("Guide"), description: "Read me" },
        {
          operation: "insert_files",
          files: [{ name: "a.txt", contentType: "text/plain", base64: "YQ==" }],
        },
      ]);
      const res = await as(d.owner.token).get(
        `/spaces/${d.space.id}/change-requests/${cr.id}/changes`,
      );
      expect(res.status, res.text).toBe(200);
      const types = (res.body.changes as { type: string }[]).map((c) => c.type).sort();
      expect(types).toEqual(["file_created", "page_created", "page_edited"]);
      const file = res.body.changes.find((c: { type: string }) => c.type === "file_created");
      expect(file.file).toMatchObject({ name: "a.txt", contentType: "text/plain" });
      expect(file.file.downloadURL).toContain("/v1/downloads");
      const edited = res.body.changes.find((c: { type: string }) => c.type === "page_edited");
      expect(edited.attributes).toEqual({ description: { after: "Read me" } });
      const site = await as(d.token).get(`/spaces/${d.space.id}/change-requests/${cr.id}/changes`);
      expect(site.status).toBe(404);
    });
  });

  describe("changes in a member's preview", () => {
    it("are read with the preview's draft site token, as GitBook's toolbar does", async () => {
      const d = await changedDocs();
      const cr = await proposeChanges(d.space.id, d.owner.user.id, [
        { operation: "insert_page", title: "Draft", document: {} },
      ]);
      const resolved = await resolveUrl(
        siteUrl(d.site.id, `~/changes/${cr.id}/draft`),
        {},
        d.owner.token,
      );
      expect(resolved.status, resolved.text).toBe(200);
      const preview = as(resolved.body.apiToken);
      const changes = await preview.get(`/spaces/${d.space.id}/change-requests/${cr.id}/changes`, {
        query: { limit: 100 },
      });
      expect(changes.status, changes.text).toBe(200);
      expect(changes.body.changes).toMatchObject([
        { type: "page_created", page: { title: "Draft", path: "draft" } },
      ]);
      const revision = await preview.get(
        `/spaces/${d.space.id}/revisions/${cr.revisionId}/changes`,
      );
      expect(revision.status, revision.text).toBe(200);
    });
  });
});

describe("renderer-replay", () => {
  beforeAll(emptyStorage);
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

      const markdown = await api.get(
        `/spaces/${space.id}/revisions/${revisionId}/page/${install}`,
        {
          query: { format: "markdown", "format.markdown.refs": "stable" },
        },
      );
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
});

describe("kept-answers", () => {
  beforeAll(emptyStorage);
  // A site token's reads of a revision's pages and files are fixed by the URL, the grant and the
  // organization's API specs (docs/compatibility.md "Reader caching"): the isolate keeps the
  // answer and a repeat is answered after the grant check alone, which still runs in D1.

  describe("kept answers of a revision's pages", () => {
    it("answer a repeat with the same body and headers after the grant check alone", async () => {
      const { token, fixedPaths } = await revisionReader();
      for (const path of fixedPaths) {
        const first = await as(token).get(path);
        const again = await as(token).get(path);
        // A third read is answered from the same kept bytes.
        expect((await as(token).get(path)).text, path).toBe(first.text);
        expect(again.status, path).toBe(200);
        expect(again.text, path).toBe(first.text);
        expect(again.headers.get("ETag"), path).toBe(first.headers.get("ETag"));
        expect(again.headers.get("Content-Type"), path).toBe(first.headers.get("Content-Type"));
        expect(again.headers.get("Cache-Control"), path).toBe(first.headers.get("Cache-Control"));
        expect(again.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
        expect(d1Cost(again).roundTrips, path).toBe(1);
        expect(d1Cost(again).rowsRead, path).toBeLessThan(d1Cost(first).rowsRead);
      }
    });

    it("are not answered once the site is unpublished: the grant check answers 404", async () => {
      const { org, owner, site, token, rev, install } = await revisionReader();
      const path = `${rev}/page/${install}/document`;
      expect((await as(token).get(path)).status).toBe(200);
      await as(owner.token).post(`/orgs/${org.id}/sites/${site.id}/unpublish`);
      const after = await as(token).get(path);
      expect(after.status).toBe(404);
      expect(after.body.error.code).toBe(404);
    });

    it("are read again when the organization's API specs change", async () => {
      const { org, token, rev, install } = await revisionReader();
      const path = `${rev}/page/${install}/document`;
      const first = await as(token).get(path);
      await addSpec(org.id);
      const after = await as(token).get(path);
      expect(after.status).toBe(200);
      expect(after.headers.get("ETag")).not.toBe(first.headers.get("ETag"));
      expect(d1Cost(after).rowsRead).toBeGreaterThanOrEqual(d1Cost(first).rowsRead);
      const kept = await as(token).get(path);
      expect(kept.headers.get("ETag")).toBe(after.headers.get("ETag"));
      expect(d1Cost(kept).rowsRead).toBeLessThan(d1Cost(after).rowsRead);
      await moveSpec(org.id);
      const versioned = await as(token).get(path);
      expect(versioned.headers.get("ETag")).not.toBe(after.headers.get("ETag"));
    });

    it("are never shared by two deploys: the version is part of the key and of the ETag", async () => {
      const { token, rev, install } = await revisionReader();
      const path = `${rev}/page/${install}/document`;
      const deploy = (id: string) => ({
        bindings: { ...env, CF_VERSION_METADATA: { id, tag: "", timestamp: "" } },
      });
      const old = await as(token).get(path, deploy("version-a"));
      expect(d1Cost(await as(token).get(path, deploy("version-a"))).roundTrips).toBe(1);
      const next = await as(token).get(path, deploy("version-b"));
      expect(next.status).toBe(200);
      expect(next.headers.get("ETag")).not.toBe(old.headers.get("ETag"));
      expect(d1Cost(next).rowsRead).toBeGreaterThanOrEqual(d1Cost(old).rowsRead);
      // The reader's validator of the old deploy is no match for the new one.
      const revalidated = await as(token).get(path, {
        ...deploy("version-b"),
        headers: { "If-None-Match": old.headers.get("ETag")! },
      });
      expect(revalidated.status).toBe(200);
    });
  });
});
