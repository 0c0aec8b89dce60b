import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, workerFetch } from "../helpers/api";
import {
  mainDocs as docs,
  seedMainFile,
  commitChanges,
  makeContentSpace,
  seedManyPages,
  mainDocs,
  mainPagesByTitle,
  proposeChanges,
  reloadSpace,
} from "../helpers/content-factories";
import { makeOrg, makeMember } from "../helpers/factories";
import { emptyStorage } from "../helpers/storage";

/** Every page of a tree, depth first. */
function flatten(pages: any[]): any[] {
  return pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);
}

const bytes = new TextEncoder().encode("draft notes");

/** Main has Introduction and Guide; an open change request edits, adds, deletes and uploads. */
async function proposal() {
  const { org, owner } = await makeOrg();
  const reader = await makeMember(org.id, "read");
  const space = await makeContentSpace(org.id, owner);
  await commitChanges(space.id, owner.user.id, [
    { operation: "insert_page", title: "Introduction", document: { markdown: "Old text.\n" } },
    { operation: "insert_page", title: "Guide", document: { markdown: "Guide.\n" } },
  ]);
  const main = await mainPagesByTitle(space.id);
  const intro = main.get("Introduction")!.pageId;
  const guide = main.get("Guide")!.pageId;
  const cr = await proposeChanges(space.id, owner.user.id, [
    {
      operation: "update_page",
      page: intro,
      title: "Introduction v2",
      document: { markdown: "New text.\n" },
    },
    { operation: "insert_page", into: intro, title: "Added", document: { markdown: "Added.\n" } },
    { operation: "delete_page", page: guide },
    {
      operation: "insert_files",
      files: [{ name: "notes.txt", contentType: "text/plain", base64: btoa("draft notes") }],
    },
  ]);
  const base = `/spaces/${space.id}/change-requests/${cr.id}/content`;
  return { reader, space: await reloadSpace(space.id), cr, intro, guide, base };
}

describe("main-reads", () => {
  describe("GET /v1/spaces/{spaceId}/content", () => {
    it("returns the head revision: tree in order with paths, files, type and merged change request", async () => {
      const { reader, space, merged, file } = await docs();
      const res = await as(reader.token).get(`/spaces/${space.id}/content`);
      expect(res.status).toBe(200);
      const body = res.body;
      expect(body).toMatchObject({
        object: "revision",
        id: space.revisionId,
        type: "merge",
        reusableContents: [],
        variables: {},
        tags: [],
        urls: { app: `https://app.quire.test/s/${space.id}` },
        mergedFrom: { object: "change-request", id: merged.changeRequest.id, status: "merged" },
      });
      expect(body.parents).toHaveLength(2);
      expect(body.pages.map((p: any) => [p.title, p.path])).toEqual([
        ["Introduction", "introduction"],
        ["Guide", "guide"],
      ]);
      const intro = body.pages[0];
      expect(intro).toMatchObject({
        kind: "sheet",
        type: "document",
        slug: "introduction",
        hidden: false,
        tags: [],
      });
      expect(intro.document.object).toBe("document");
      expect(intro.layout.width).toBe("default");
      expect(intro.urls.app).toBe(`https://app.quire.test/s/${space.id}/introduction`);
      expect(intro.pages.map((p: any) => [p.title, p.path, p.emoji, p.description])).toEqual([
        ["Install", "introduction/install", "🚀", "How to"],
      ]);
      expect(body.files).toEqual([
        expect.objectContaining({
          id: file.fileId,
          name: "logo.png",
          contentType: "image/png",
          size: 7,
          dimensions: { width: 16, height: 8 },
        }),
      ]);
      expect(body.files[0].downloadURL).toMatch(
        /^https:\/\/quire\.test\/v1\/downloads\?key=files%2F/,
      );
    });

    it("accepts metadata=false and computed=false, and refuses other values naming the field", async () => {
      const { reader, space } = await docs();
      const ok = await as(reader.token).get(`/spaces/${space.id}/content`, {
        query: { metadata: false, computed: false },
      });
      expect(ok.status).toBe(200);
      const bad = await as(reader.token).get(`/spaces/${space.id}/content`, {
        query: { metadata: "maybe" },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^query\.metadata: /);
    });
  });
  describe("GET /v1/spaces/{spaceId}/content/pages", () => {
    it("returns {pages}: the nested tree with bodies", async () => {
      const { reader, space } = await docs();
      const res = await as(reader.token).get(`/spaces/${space.id}/content/pages`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(["pages"]);
      expect(res.body.pages.map((p: any) => p.title)).toEqual(["Introduction", "Guide"]);
      expect(res.body.pages[0].pages[0]).toMatchObject({
        title: "Install",
        path: "introduction/install",
      });
      expect(res.body.pages[1].document.nodes.map((n: any) => n.type)).toEqual([
        "heading-1",
        "paragraph",
      ]);
    });
  });
  describe("GET /v1/spaces/{spaceId}/content/files", () => {
    it("pages through the files by id with an exact count", async () => {
      const { reader, space, file } = await docs();
      const other = await seedMainFile(space.id, {
        name: "notes.txt",
        contentType: "text/plain",
        bytes: new TextEncoder().encode("hi"),
      });
      const ids = [file.fileId, other.fileId].sort();
      const first = await as(reader.token).get(`/spaces/${space.id}/content/files`, {
        query: { limit: 1 },
      });
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(2);
      expect(first.body.items.map((f: any) => f.id)).toEqual([ids[0]]);
      const second = await as(reader.token).get(`/spaces/${space.id}/content/files`, {
        query: { limit: 1, page: first.body.next.page },
      });
      expect(second.body.items.map((f: any) => f.id)).toEqual([ids[1]]);
      expect(second.body.next).toBeUndefined();
      const text = [...first.body.items, ...second.body.items].find(
        (f: any) => f.name === "notes.txt",
      );
      expect(text).toMatchObject({ contentType: "text/plain", size: 2 });
      expect(text.dimensions).toBeUndefined();
    });

    it("refuses a bad limit or a foreign cursor naming the field", async () => {
      const { reader, space } = await docs();
      const limit = await as(reader.token).get(`/spaces/${space.id}/content/files`, {
        query: { limit: 0 },
      });
      expect(limit.status).toBe(400);
      expect(limit.body.error.message).toMatch(/^query\.limit: /);
      const cursor = await as(reader.token).get(`/spaces/${space.id}/content/files`, {
        query: { page: "abc.def" },
      });
      expect(cursor.status).toBe(400);
      expect(cursor.body.error.message).toMatch(/^query\.page: /);
    });
  });
  describe("GET /v1/spaces/{spaceId}/content/files/{fileId}", () => {
    it("returns one file with a signed URL, and 404 for an unknown id", async () => {
      const { reader, space, file } = await docs();
      const res = await as(reader.token).get(`/spaces/${space.id}/content/files/${file.fileId}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: file.fileId,
        name: "logo.png",
        contentType: "image/png",
        size: 7,
      });
      const missing = await as(reader.token).get(`/spaces/${space.id}/content/files/nope`);
      expect(missing.status).toBe(404);
      const bad = await as(reader.token).get(`/spaces/${space.id}/content/files/a.b`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^path\.fileId: /);
    });
  });
});

describe("main-page-reads", () => {
  beforeAll(emptyStorage);
  describe("GET /v1/spaces/{spaceId}/content/page/{pageId}", () => {
    it("returns the page with its document, children and metadata", async () => {
      const { reader, space } = await docs();
      const tree = await as(reader.token).get(`/spaces/${space.id}/content/pages`);
      const intro = tree.body.pages[0];
      const res = await as(reader.token).get(`/spaces/${space.id}/content/page/${intro.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: intro.id,
        title: "Introduction",
        path: "introduction",
        slug: "introduction",
        type: "document",
        noIndex: false,
        noRobotsIndex: false,
      });
      expect(res.body.document).toEqual(intro.document);
      expect(res.body.pages.map((p: any) => p.title)).toEqual(["Install"]);
      expect(res.body.createdAt).toEqual(expect.any(String));
      expect(res.body.markdown).toBeUndefined();
    });

    it("returns the markdown form equal to what was written, links included", async () => {
      const { owner, reader, space } = await docs();
      const tree = (await as(reader.token).get(`/spaces/${space.id}/content/pages`)).body.pages;
      const [intro, guide] = tree;
      const markdown = `See [the guide](/pages/${guide.id}) and [a file](/files/abc).\n\n* one\n* two\n`;
      await commitChanges(space.id, owner.user.id, [
        { operation: "update_page", page: intro.id, document: { markdown } },
      ]);
      const res = await as(reader.token).get(`/spaces/${space.id}/content/page/${intro.id}`, {
        query: { format: "markdown" },
      });
      expect(res.status).toBe(200);
      expect(res.body.markdown).toBe(markdown);
      expect(res.body.document).toBeUndefined();
      expect(res.body.pages[0].markdown).toBe("Run `npm i`.\n");
      const stable = await as(reader.token).get(`/spaces/${space.id}/content/page/${intro.id}`, {
        query: { format: "markdown", "format.markdown.refs": "stable" },
      });
      expect(stable.body.markdown).toBe(markdown);
    });

    it("accepts evaluated true, false and deterministic-only: the document is unchanged", async () => {
      const { reader, space } = await docs();
      const page = (await as(reader.token).get(`/spaces/${space.id}/content/pages`)).body.pages[1];
      for (const evaluated of ["true", "false", "deterministic-only"]) {
        const res = await as(reader.token).get(`/spaces/${space.id}/content/page/${page.id}`, {
          query: { evaluated, dereferenced: "reusable-contents" },
        });
        expect(res.status).toBe(200);
        expect(res.body.document).toEqual(page.document);
      }
    });

    it("refuses a bad format, evaluated or refs value naming the query field", async () => {
      const { reader, space } = await docs();
      const page = (await as(reader.token).get(`/spaces/${space.id}/content/pages`)).body.pages[0];
      const cases: [string, string][] = [
        ["format", "html"],
        ["evaluated", "sometimes"],
        ["format.markdown.refs", "absolute"],
        ["dereferenced", "all"],
      ];
      for (const [field, value] of cases) {
        const res = await as(reader.token).get(`/spaces/${space.id}/content/page/${page.id}`, {
          query: { [field]: value },
        });
        expect(res.status, field).toBe(400);
        expect(res.body.error.message.startsWith(`query.${field}: `), res.body.error.message).toBe(
          true,
        );
      }
    });

    it("answers 404 for a page that does not exist in the revision", async () => {
      const { reader, space } = await docs();
      const res = await as(reader.token).get(`/spaces/${space.id}/content/page/neverexisted`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Page not found");
    });

    it("costs at most 2 round trips including authentication", async () => {
      const { reader, space } = await docs();
      const page = (await as(reader.token).get(`/spaces/${space.id}/content/pages`)).body.pages[0];
      const res = await as(reader.token).get(
        `/spaces/${space.id}/content/page/${page.pages[0].id}`,
        {
          query: { format: "markdown" },
        },
      );
      expect(res.status).toBe(200);
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
      expect(d1Cost(res).unmetered).toBe(0);
    });

    it("reads few rows for one page of a 500-page space", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeContentSpace(org.id, owner);
      const rows = await seedManyPages(space.id, 500);
      const leaf = rows[257]!;
      const res = await as(owner.token).get(`/spaces/${space.id}/content/page/${leaf.pageId}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: "Page 257", path: "page-250/page-257", pages: [] });
      const cost = d1Cost(res);
      expect(cost.roundTrips).toBeLessThanOrEqual(2);
      expect(cost.rowsRead).toBeLessThan(60);
      const parent = await as(owner.token).get(
        `/spaces/${space.id}/content/page/${rows[250]!.pageId}`,
      );
      expect(parent.body.pages.map((p: any) => p.title)).toEqual(
        rows.slice(251, 260).map((r) => r.title),
      );
      expect(d1Cost(parent).rowsRead).toBeLessThan(150);
      const byPath = await as(owner.token).get(
        `/spaces/${space.id}/content/path/page-250%2Fpage-257`,
      );
      expect(byPath.body.id).toBe(leaf.pageId);
      expect(d1Cost(byPath).roundTrips).toBeLessThanOrEqual(2);
      // A path lookup reads the siblings along the path (no slug index), still far below 500.
      expect(d1Cost(byPath).rowsRead).toBeLessThan(250);
    });
  });
  describe("GET /v1/spaces/{spaceId}/content/path/{pagePath}", () => {
    it("finds a page by its path, encoded or with plain slashes", async () => {
      const { reader, space } = await docs();
      const encoded = await as(reader.token).get(
        `/spaces/${space.id}/content/path/introduction%2Finstall`,
        { query: { format: "markdown" } },
      );
      expect(encoded.status).toBe(200);
      expect(encoded.body).toMatchObject({
        title: "Install",
        path: "introduction/install",
        markdown: "Run `npm i`.\n",
      });
      const root = await as(reader.token).get(`/spaces/${space.id}/content/path/introduction`);
      expect(root.body).toMatchObject({ title: "Introduction", path: "introduction" });
      expect(root.body.pages.map((p: any) => p.title)).toEqual(["Install"]);
      const plain = await workerFetch(
        `https://quire.test/v1/spaces/${space.id}/content/path/introduction/install?format=markdown`,
        {
          headers: { Authorization: `Bearer ${reader.token}` },
        },
      );
      expect(plain.status).toBe(200);
      expect(await plain.json()).toEqual(encoded.body);
      expect(d1Cost({ headers: plain.headers } as never).roundTrips).toBeLessThanOrEqual(2);
    });

    it("answers 404 for a path no page has, and 400 for a bad query", async () => {
      const { reader, space } = await docs();
      for (const path of ["nothing", "introduction%2Fnothing", "install"]) {
        const res = await as(reader.token).get(`/spaces/${space.id}/content/path/${path}`);
        expect(res.status, path).toBe(404);
      }
      const plain = await workerFetch(
        `https://quire.test/v1/spaces/${space.id}/content/path/introduction/nothing`,
        {
          headers: { Authorization: `Bearer ${reader.token}` },
        },
      );
      expect(plain.status).toBe(404);
      const bad = await workerFetch(
        `https://quire.test/v1/spaces/${space.id}/content/path/introduction/install?evaluated=x`,
        {
          headers: { Authorization: `Bearer ${reader.token}` },
        },
      );
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as any).error.message).toMatch(/^query\.evaluated: /);
    });
  });
});

describe("tree-without-bodies", () => {
  beforeAll(emptyStorage);
  /**
   * `bodies=false` on the tree reads (a revision, its pages): GitBook's shape, each document page
   * naming its `documentId` and no body, so a tree of any size costs its metadata only.
   */
  describe("page trees without bodies", () => {
    it("names each page's document instead of carrying it, on the revision and pages reads", async () => {
      const { space, owner } = await mainDocs();
      const api = as(owner.token);
      const revision = (await api.get(`/spaces/${space.id}`)).body.revision;
      const full = await api.get(`/spaces/${space.id}/revisions/${revision}`);
      const bare = await api.get(`/spaces/${space.id}/revisions/${revision}`, {
        query: { bodies: false },
      });
      expect(bare.status).toBe(200);
      const withBodies = flatten(full.body.pages).filter((p) => p.type === "document");
      const without = flatten(bare.body.pages).filter((p) => p.type === "document");
      expect(without.map((p) => p.id)).toEqual(withBodies.map((p) => p.id));
      for (const page of without) {
        expect(page.document).toBeUndefined();
        expect(page.documentId).toMatch(/\S/);
      }
      expect(bare.text.length).toBeLessThan(full.text.length);
      const pages = await api.get(`/spaces/${space.id}/content/pages`, {
        query: { bodies: "false" },
      });
      expect(flatten(pages.body.pages).every((p) => p.document === undefined)).toBe(true);
      // The body is one page document read away.
      const first = without[0];
      const doc = await api.get(
        `/spaces/${space.id}/revisions/${revision}/page/${first.id}/document`,
      );
      expect(doc.status).toBe(200);
      expect(doc.body.object).toBe("document");
    });
  });
});

describe("change-request-reads", () => {
  beforeAll(emptyStorage);
  describe("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", () => {
    it("shows the change request's head revision while main does not change", async () => {
      const { reader, space, cr, base } = await proposal();
      const res = await as(reader.token).get(base);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        object: "revision",
        id: cr.revisionId,
        type: "edits",
        parents: [expect.any(String)],
      });
      expect(res.body.urls.app).toBe(`https://app.quire.test/s/${space.id}/~/changes/${cr.number}`);
      expect(res.body.pages.map((p: any) => p.title)).toEqual(["Introduction v2"]);
      expect(res.body.pages[0].pages.map((p: any) => [p.title, p.path])).toEqual([
        ["Added", "introduction/added"],
      ]);
      expect(res.body.files.map((f: any) => [f.name, f.contentType, f.size])).toEqual([
        ["notes.txt", "text/plain", bytes.byteLength],
      ]);
      const main = await as(reader.token).get(`/spaces/${space.id}/content`);
      expect(main.body.pages.map((p: any) => p.title)).toEqual(["Introduction", "Guide"]);
      expect(main.body.files).toEqual([]);
    });

    it("finds the change request by its number too, and 404s an unknown one", async () => {
      const { reader, space, cr } = await proposal();
      const byNumber = await as(reader.token).get(
        `/spaces/${space.id}/change-requests/${cr.number}/content/pages`,
      );
      expect(byNumber.status).toBe(200);
      expect(byNumber.body.pages.map((p: any) => p.title)).toEqual(["Introduction v2"]);
      const missing = await as(reader.token).get(`/spaces/${space.id}/change-requests/999/content`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe("Change request not found");
    });

    it("lists and reads the change request's files", async () => {
      const { reader, base } = await proposal();
      const list = await as(reader.token).get(`${base}/files`);
      expect(list.status).toBe(200);
      expect(list.body.count).toBe(1);
      const [file] = list.body.items;
      const one = await as(reader.token).get(`${base}/files/${file.id}`);
      expect(one.body).toMatchObject({ id: file.id, name: "notes.txt", size: bytes.byteLength });
      const download = await workerFetch(one.body.downloadURL);
      expect(download.status).toBe(200);
      expect(download.headers.get("Content-Type")).toBe("text/plain");
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
    });

    it("reads a changed page in its new form, and main's page in its old one", async () => {
      const { reader, space, intro, base } = await proposal();
      const res = await as(reader.token).get(`${base}/page/${intro}`, {
        query: { format: "markdown" },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: "Introduction v2", markdown: "New text.\n" });
      expect(res.body.pages.map((p: any) => [p.title, p.markdown])).toEqual([
        ["Added", "Added.\n"],
      ]);
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
      const main = await as(reader.token).get(`/spaces/${space.id}/content/page/${intro}`, {
        query: { format: "markdown" },
      });
      expect(main.body).toMatchObject({
        title: "Introduction",
        markdown: "Old text.\n",
        pages: [],
      });
    });

    it("hides a page the change request deleted, which main still has", async () => {
      const { reader, space, guide, base } = await proposal();
      expect((await as(reader.token).get(`${base}/page/${guide}`)).status).toBe(404);
      expect((await as(reader.token).get(`${base}/path/guide`)).status).toBe(404);
      expect((await as(reader.token).get(`/spaces/${space.id}/content/page/${guide}`)).status).toBe(
        200,
      );
    });

    it("reads a page by its path in the change request", async () => {
      const { reader, base } = await proposal();
      const res = await as(reader.token).get(`${base}/path/introduction%2Fadded`, {
        query: { format: "markdown" },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        title: "Added",
        path: "introduction/added",
        markdown: "Added.\n",
      });
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
    });

    it("refuses bad query values naming the field", async () => {
      const { reader, intro, base } = await proposal();
      const res = await as(reader.token).get(`${base}/page/${intro}`, {
        query: { evaluated: "no" },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^query\.evaluated: /);
      const files = await as(reader.token).get(`${base}/files`, { query: { limit: 1001 } });
      expect(files.status).toBe(400);
      expect(files.body.error.message).toMatch(/^query\.limit: /);
    });
  });
});
