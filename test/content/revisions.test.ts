import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, call, workerFetch } from "../helpers/api";
import { makeMember, makeOrg } from "../helpers/factories";
import {
  commitChanges,
  mainPagesByTitle,
  makeContentSpace,
  proposeChanges,
  reloadSpace,
  seedMainFile,
  signedPath,
} from "../helpers/content-factories";
import { postMerge } from "../helpers/change-requests-factories";
import { fileObjectKey } from "../../src/services/change-requests/writes";
import { emptyStorage } from "../helpers/storage";

/** A space with two merges: revision `first` has v1 of Home and a file; main has moved on. */
async function history() {
  const { org, owner } = await makeOrg();
  const reader = await makeMember(org.id, "read");
  const created = await makeContentSpace(org.id, owner);
  const initial = created.revisionId;
  const one = await commitChanges(created.id, owner.user.id, [
    { operation: "insert_page", title: "Home", document: { markdown: "Version one.\n" } },
  ]);
  const file = await seedMainFile(created.id, {
    name: "a.png",
    contentType: "image/png",
    bytes: new Uint8Array([1, 2]),
  });
  const home = (await mainPagesByTitle(created.id)).get("Home")!.pageId;
  await commitChanges(created.id, owner.user.id, [
    {
      operation: "update_page",
      page: home,
      title: "Home page",
      document: { markdown: "Version two.\n" },
    },
    { operation: "insert_page", title: "Later", document: { markdown: "Later.\n" } },
  ]);
  const space = await reloadSpace(created.id);
  const rev = (id: string) => `/spaces/${space.id}/revisions/${id}`;
  return {
    owner,
    reader,
    space,
    initial,
    first: one.revision,
    firstCr: one.changeRequest,
    file,
    home,
    rev,
  };
}

/**
 * A space's history and revert (Quire extensions): the main line's revisions newest first with
 * keyset pages and the exact count, a page's history, and the revert of the space or of one page
 * opened as a change request — for editors only, the same 404 as for nothing to outsiders.
 */

/** A space with two merges: `first` has v1 of Home; the head has Home v2 and Later. */
async function twoMergeHistory() {
  const { org, owner } = await makeOrg();
  const reader = await makeMember(org.id, "read");
  const outsider = (await makeOrg()).owner;
  const created = await makeContentSpace(org.id, owner);
  const one = await commitChanges(created.id, owner.user.id, [
    { operation: "insert_page", title: "Home", document: { markdown: "Version one.\n" } },
  ]);
  const home = (await mainPagesByTitle(created.id)).get("Home")!.pageId;
  const two = await commitChanges(created.id, owner.user.id, [
    { operation: "update_page", page: home, title: "Home page" },
    { operation: "insert_page", title: "Later", document: { markdown: "Later.\n" } },
  ]);
  const space = await reloadSpace(created.id);
  return { owner, reader, outsider, space, initial: created.revisionId, one, two, home };
}

/** A main file and the download URL a read hands out for it. */
async function downloadable(name = "logo.png", contentType = "image/png") {
  const { org, owner } = await makeOrg();
  const space = await makeContentSpace(org.id, owner);
  const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 1]);
  const file = await seedMainFile(space.id, { name, contentType, bytes });
  const res = await as(owner.token).get(`/spaces/${space.id}/content/files/${file.fileId}`);
  const url = new URL(res.body.downloadURL);
  return { org, owner, space, bytes, file, url, query: queryOf(url) };
}

/** The query of a URL as a plain record. */
function queryOf(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  url.searchParams.forEach((value, key) => (out[key] = value));
  return out;
}

function download(query: Record<string, string>) {
  return call("GET", "/downloads", { query, token: null });
}

describe("revision-reads", () => {
  describe("GET /v1/spaces/{spaceId}/revisions/{revisionId}", () => {
    it("returns a past revision with the content it had, after later merges", async () => {
      const { reader, space, first, firstCr, file, rev } = await history();
      const res = await as(reader.token).get(rev(first));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        object: "revision",
        id: first,
        type: "merge",
        mergedFrom: { id: firstCr.id },
      });
      expect(res.body.urls.app).toBe(`https://app.quire.test/s/${space.id}/~/revisions/${first}`);
      expect(res.body.pages.map((p: any) => [p.title, p.path])).toEqual([["Home", "home"]]);
      expect(res.body.files.map((f: any) => f.id)).toEqual([file.fileId]);
      const head = await as(reader.token).get(`/spaces/${space.id}/content`);
      expect(head.body.pages.map((p: any) => p.title)).toEqual(["Home page", "Later"]);
    });

    it("returns the empty first revision of a space", async () => {
      const { reader, initial, rev } = await history();
      const res = await as(reader.token).get(rev(initial));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: initial,
        type: "edits",
        parents: [],
        pages: [],
        files: [],
      });
      expect(res.body.mergedFrom).toBeUndefined();
    });

    it("reads a change request's revision by id", async () => {
      const { owner, reader, space, rev } = await history();
      const cr = await proposeChanges(space.id, owner.user.id, [
        { operation: "insert_page", title: "Draft", document: {} },
      ]);
      const res = await as(reader.token).get(`${rev(cr.revisionId)}/pages`);
      expect(res.status).toBe(200);
      expect(res.body.pages.map((p: any) => p.title)).toEqual(["Home page", "Later", "Draft"]);
    });

    it("answers 404 for an unknown revision or one of another space, and 400 for a bad id", async () => {
      const { owner, reader, space, rev } = await history();
      const unknown = await as(reader.token).get(rev("neverexisted"));
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toBe("Revision not found");
      const other = await makeContentSpace((await reloadSpace(space.id)).organizationId, owner);
      const foreign = await as(reader.token).get(rev(other.revisionId));
      expect(foreign.status).toBe(404);
      expect(foreign.text).toBe(unknown.text);
      const bad = await as(reader.token).get(rev("a.b"));
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^path\.revisionId: /);
    });
  });
  describe("GET /v1/spaces/{spaceId}/revisions/{revisionId}/pages, /files, /files/{fileId}", () => {
    it("lists the pages and files of a past revision", async () => {
      const { reader, first, file, rev } = await history();
      const pages = await as(reader.token).get(`${rev(first)}/pages`);
      expect(pages.body.pages.map((p: any) => p.title)).toEqual(["Home"]);
      const files = await as(reader.token).get(`${rev(first)}/files`);
      expect(files.body).toMatchObject({ count: 1, items: [{ id: file.fileId, name: "a.png" }] });
      const one = await as(reader.token).get(`${rev(first)}/files/${file.fileId}`);
      expect(one.body).toMatchObject({ id: file.fileId, contentType: "image/png", size: 2 });
    });

    it("does not show a file added after the revision", async () => {
      const { reader, initial, file, rev } = await history();
      const files = await as(reader.token).get(`${rev(initial)}/files`);
      expect(files.body).toEqual({ count: 0, items: [] });
      expect((await as(reader.token).get(`${rev(initial)}/files/${file.fileId}`)).status).toBe(404);
    });
  });
  describe("GET /v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId} and /path/{pagePath}", () => {
    it("reads a page as it was in the revision, in 2 round trips", async () => {
      const { reader, space, first, home, rev } = await history();
      const old = await as(reader.token).get(`${rev(first)}/page/${home}`, {
        query: { format: "markdown" },
      });
      expect(old.status).toBe(200);
      expect(old.body).toMatchObject({ id: home, title: "Home", markdown: "Version one.\n" });
      expect(d1Cost(old).roundTrips).toBeLessThanOrEqual(2);
      const now = await as(reader.token).get(`/spaces/${space.id}/content/page/${home}`, {
        query: { format: "markdown" },
      });
      expect(now.body).toMatchObject({ title: "Home page", markdown: "Version two.\n" });
      const byPath = await as(reader.token).get(`${rev(first)}/path/home`, {
        query: { format: "markdown" },
      });
      expect(byPath.body).toMatchObject({ id: home, markdown: "Version one.\n" });
      expect(d1Cost(byPath).roundTrips).toBeLessThanOrEqual(2);
      expect((await as(reader.token).get(`${rev(first)}/path/later`)).status).toBe(404);
    });

    it("refuses a bad format naming the field", async () => {
      const { reader, first, home, rev } = await history();
      const res = await as(reader.token).get(`${rev(first)}/page/${home}`, {
        query: { format: "pdf" },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^query\.format: /);
    });
  });
  describe("GET /v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document", () => {
    it("returns the page's JSON document as it was", async () => {
      const { reader, first, home, rev } = await history();
      const page = await as(reader.token).get(`${rev(first)}/page/${home}`);
      const res = await as(reader.token).get(`${rev(first)}/page/${home}/document`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(page.body.document);
      expect(res.body.object).toBe("document");
      expect((await as(reader.token).get(`${rev(first)}/page/nope/document`)).status).toBe(404);
      const bad = await as(reader.token).get(`${rev(first)}/page/${home}/document`, {
        query: { evaluated: "x" },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^query\.evaluated: /);
    });
  });
});

describe("history", () => {
  beforeAll(emptyStorage);
  describe("GET /v1/spaces/{spaceId}/revisions", () => {
    it("lists main's revisions newest first, with their author and merged change request", async () => {
      const { reader, space, initial, one, two } = await twoMergeHistory();
      const res = await as(reader.token).get(`/spaces/${space.id}/revisions`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.count).toBe(3);
      expect(res.body.items.map((r: any) => r.id)).toEqual([two.revision, one.revision, initial]);
      expect(res.body.items[0]).toMatchObject({
        type: "merge",
        changeRequest: { id: two.changeRequest.id, number: two.changeRequest.number },
        urls: { app: `https://app.quire.test/s/${space.id}/~/revisions/${two.revision}` },
      });
      expect(res.body.items[0].createdBy.displayName).toBeTruthy();
      expect(res.body.next).toBeUndefined();
      // The revision read names its author too (Quire extension).
      const read = await as(reader.token).get(`/spaces/${space.id}/revisions/${two.revision}`);
      expect(read.body.createdBy.id).toBe(res.body.items[0].createdBy.id);
    });

    it("pages by keyset through next.page, and refuses another list's cursor", async () => {
      const { reader, space, home, initial, one, two } = await twoMergeHistory();
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const res = await as(reader.token).get(`/spaces/${space.id}/revisions`, {
          query: { limit: 1, ...(page ? { page } : {}) },
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body.count).toBe(3);
        seen.push(...res.body.items.map((r: any) => r.id));
        page = res.body.next?.page;
      } while (page);
      expect(seen).toEqual([two.revision, one.revision, initial]);
      const first = await as(reader.token).get(`/spaces/${space.id}/revisions`, {
        query: { limit: 1 },
      });
      const other = await as(reader.token).get(
        `/spaces/${space.id}/content/page/${home}/revisions`,
        {
          query: { page: first.body.next.page },
        },
      );
      expect(other.status).toBe(400);
    });

    it("answers an outsider and a space that does not exist the same 404", async () => {
      const { outsider, space } = await twoMergeHistory();
      const theirs = await as(outsider.token).get(`/spaces/${space.id}/revisions`);
      const none = await as(outsider.token).get(`/spaces/space_none/revisions`);
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(none.body);
    });
  });
  describe("GET /v1/spaces/{spaceId}/content/page/{pageId}/revisions", () => {
    it("lists the revisions that changed the page, and 404 for a page main never had", async () => {
      const { reader, space, home, one, two } = await twoMergeHistory();
      const res = await as(reader.token).get(`/spaces/${space.id}/content/page/${home}/revisions`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.count).toBe(2);
      expect(res.body.items.map((r: any) => r.id)).toEqual([two.revision, one.revision]);
      const later = (await mainPagesByTitle(space.id)).get("Later")!.pageId;
      const other = await as(reader.token).get(
        `/spaces/${space.id}/content/page/${later}/revisions`,
      );
      expect(other.body.items.map((r: any) => r.id)).toEqual([two.revision]);
      const none = await as(reader.token).get(`/spaces/${space.id}/content/page/nope/revisions`);
      expect(none.status).toBe(404);
    });
  });
  describe("POST /v1/spaces/{spaceId}/revisions/{revisionId}/revert", () => {
    it("opens a change request with the revision's whole content, which merges into main", async () => {
      const { owner, space, one } = await twoMergeHistory();
      const res = await as(owner.token).post(
        `/spaces/${space.id}/revisions/${one.revision}/revert`,
        {},
      );
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ object: "change-request", status: "open" });
      expect(res.body.subject).toMatch(/^Revert to the revision of \d{4}-\d{2}-\d{2}$/);
      const changes = await as(owner.token).get(
        `/spaces/${space.id}/change-requests/${res.body.id}/changes`,
      );
      const types = changes.body.changes.map((c: any) => [c.type, c.page?.title]).sort();
      expect(types).toEqual([
        ["page_deleted", "Later"],
        ["page_edited", "Home"],
      ]);
      const merged = await postMerge(owner, space.id, res.body.id);
      expect(merged.status, merged.text).toBe(200);
      const head = await as(owner.token).get(`/spaces/${space.id}/content`);
      expect(head.body.pages.map((p: any) => p.title)).toEqual(["Home"]);
    });

    it("restores one page with its own subject, and 409 when it is already as it was", async () => {
      const { owner, space, one, two, home } = await twoMergeHistory();
      const path = `/spaces/${space.id}/revisions/${one.revision}/revert`;
      const res = await as(owner.token).post(path, { page: home });
      expect(res.status, res.text).toBe(201);
      expect(res.body.subject).toMatch(/^Restore "Home" as of /);
      const pages = await as(owner.token).get(
        `/spaces/${space.id}/change-requests/${res.body.id}/content`,
      );
      expect(pages.body.pages.map((p: any) => p.title)).toEqual(["Home", "Later"]);
      const same = await as(owner.token).post(
        `/spaces/${space.id}/revisions/${two.revision}/revert`,
        {
          page: home,
        },
      );
      expect(same.status).toBe(409);
      const nothing = await as(owner.token).post(
        `/spaces/${space.id}/revisions/${two.revision}/revert`,
        {},
      );
      expect(nothing.status).toBe(409);
      const unknown = await as(owner.token).post(path, { page: "nope" });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toContain("page");
      const bad = await as(owner.token).post(path, { page: 5 });
      expect(bad.status).toBe(400);
    });

    it("refuses a reader (403) and answers an outsider the same 404 as for nothing", async () => {
      const { reader, outsider, space, one } = await twoMergeHistory();
      const path = `/spaces/${space.id}/revisions/${one.revision}/revert`;
      const refused = await as(reader.token).post(path, {});
      expect(refused.status).toBe(403);
      const theirs = await as(outsider.token).post(path, {});
      const none = await as(outsider.token).post(`/spaces/space_none/revisions/x/revert`, {});
      expect(theirs.status).toBe(404);
      expect(none.status).toBe(404);
      const missing = await as(reader.token).post(`/spaces/${space.id}/revisions/nope/revert`, {});
      expect(missing.status).toBe(404);
    });
  });
});

describe("downloads", () => {
  beforeAll(emptyStorage);
  describe("GET /v1/downloads", () => {
    it("answers the bytes with the file's Content-Type and name, without a token", async () => {
      const { bytes, url } = await downloadable("Über logo.png");
      expect(url.pathname).toBe("/v1/downloads");
      const lifetime = Number(url.searchParams.get("expires")) - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(540);
      expect(lifetime).toBeLessThanOrEqual(600);
      const res = await workerFetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("image/png");
      expect(res.headers.get("Content-Disposition")).toBe(
        `inline; filename="_ber logo.png"; filename*=UTF-8''%C3%9Cber%20logo.png`,
      );
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    });

    it("serves active content types as sandboxed attachments", async () => {
      const { url } = await downloadable("page.html", "text/html");
      const res = await workerFetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("text/html");
      expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="page\.html"/);
      expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
    });

    it("answers 403 to a tampered signature, key, type or name", async () => {
      const { query } = await downloadable();
      const tampered = [
        { ...query, sig: query.sig!.slice(0, -2) + (query.sig!.endsWith("AA") ? "BB" : "AA") },
        { ...query, key: fileObjectKey("0".repeat(64)) },
        { ...query, type: "text/html" },
        { ...query, space: "another-space" },
        { ...query, name: "other.png" },
        { ...query, expires: String(Number(query.expires) + 3600) },
      ];
      for (const q of tampered) {
        const res = await download(q);
        expect(res.status).toBe(403);
        expect(res.body.error).toEqual({
          code: 403,
          message: "This download link's signature is invalid",
        });
      }
    });

    it("answers 403 to an expired or malformed link, before looking for the object", async () => {
      const { file } = await downloadable();
      const expired = new URL(
        `https://x${await signedPath(fileObjectKey(file.hash), "image/png", { ttlSeconds: -1 })}`,
      );
      const res = await download(queryOf(expired));
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe("This download link has expired");
      const malformed: Record<string, string>[] = [
        {},
        { key: "files/x" },
        { key: "files/x", expires: "soon", sig: "abc" },
      ];
      for (const q of malformed) {
        const bad = await download(q);
        expect(bad.status).toBe(403);
        expect(bad.body.error.message).toBe("This download link is malformed");
      }
      const gone = new URL(
        `https://x${await signedPath(fileObjectKey("f".repeat(64)), "image/png", { ttlSeconds: -1 })}`,
      );
      expect((await download(queryOf(gone))).status).toBe(403);
    });

    it("stops serving a file once its space is deleted", async () => {
      const { owner, space, url } = await downloadable();
      expect((await workerFetch(url)).status).toBe(200);
      expect((await as(owner.token).delete(`/spaces/${space.id}`)).status).toBe(204);
      const res = await download(queryOf(url));
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("File not found");
    });

    it("serves a stored type that is not a valid header value as application/octet-stream", async () => {
      const { url } = await downloadable("evil.txt", "text/plain\r\nX-Evil: 1");
      const res = await workerFetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/octet-stream");
      expect(res.headers.get("X-Evil")).toBeNull();
    });

    it("answers 404 when a validly signed object is gone", async () => {
      const path = await signedPath(fileObjectKey("e".repeat(64)), "image/png", { name: "x.png" });
      const res = await download(queryOf(new URL(`https://x${path}`)));
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("File not found");
    });
  });
});
