import { beforeAll, describe, expect, it } from "vitest";
import {
  commitChanges,
  makeContentSpace,
  reloadSpace,
  proposeChanges,
} from "../helpers/content-factories";
import { makeOrg, testDb, type TestUser, makeMember } from "../helpers/factories";
import { makeSession, type TestSession } from "../helpers/sessions";
import { appFetch, asPerson, formOf, APP_ORIGIN, postForm, screenOf } from "../helpers/app-fetch";
import { reindexPages } from "../../src/services/search/indexer";
import { as } from "../helpers/api";
import { makeCollection } from "../helpers/collections-factories";
import { createCr } from "../helpers/change-requests-factories";
import { makeSite } from "../helpers/sites-factories";
import { makeSpec } from "../helpers/openapi-factories";
import { publishAndInstall } from "../helpers/integrations-factories";
import { duplicateChanges } from "../../app/src/screens/changes/tree-duplicate";
import { emptyStorage } from "../helpers/storage";

/**
 * The page tree of a change request, edited (app/src/screens/changes/tree-*.tsx) through the
 * app's entry: the tree with its move buttons (only the ways a page can go), add (after a
 * page, inside it, at the end), rename, move up/down/indent/outdent, duplicate (alone or with its sub-pages) and delete
 * after its confirmation — each one content batch — a refusal shown on the tree, a reader
 * shown no form (the API refuses their post), an outsider the one not-found.
 */

interface Node {
  id: string;
  title: string;
  pages?: Node[];
}

/** The tree as titles ("A", "B > B1"). */
const outline = (pages: Node[], above = ""): string[] =>
  pages.flatMap((p) => [`${above}${p.title}`, ...outline(p.pages ?? [], `${above}${p.title} > `)]);

describe("space-screens", () => {
  /**
   * The space and page screens (app/src/screens/space) through the app's entry: the page tree with
   * the current page marked, breadcrumbs, title, description and the document rendered by the
   * shared renderer (core/render); the same not-found for a space the person cannot see as for
   * none (no title in the HTML); the sign-in when signed out; and the API calls each screen makes.
   */

  describe("the space and page screens", () => {
    let session: TestSession;
    let outsider: TestSession;
    let spaceId: string;
    const secretTitle = "Launch Runbook";

    beforeAll(async () => {
      const { org, owner } = await makeOrg({ title: "Acme Docs" });
      session = await makeSession(owner.user.id);
      const space = await makeContentSpace(org.id, owner, secretTitle);
      spaceId = space.id;
      await commitChanges(space.id, owner.user.id, [
        {
          operation: "insert_page",
          ref: "start",
          title: "Getting started",
          description: "The first steps.",
          document: { markdown: "# Hello\n\nWelcome **aboard**.\n" },
        },
        {
          operation: "insert_page",
          into: "start",
          title: "Install",
          emoji: "🚀",
          description: "How to install it.",
          document: {
            markdown:
              "Read [the start](../).\n\n<details>\n\n<summary>Secret sauce</summary>\n\nInside.\n\n</details>\n\n```js\nconst a = 1;\n```\n",
          },
        },
        { operation: "insert_page", ref: "group", type: "group", title: "Reference", document: {} },
        {
          operation: "insert_page",
          into: "group",
          title: "Limits",
          document: { markdown: "Ten of each.\n" },
        },
        {
          operation: "insert_page",
          title: "Notes",
          hidden: true,
          document: { markdown: "Psst.\n" },
        },
      ]);
      const other = await makeOrg();
      outsider = await makeSession(other.owner.user.id);
    });

    it("shows a space's page tree and its first page, in the workspace frame", async () => {
      const { res, text, paths } = await appFetch(`/s/${spaceId}`, asPerson(session));
      expect(res.status).toBe(200);
      expect(text).toContain('id="ws-nav"');
      expect(text).toContain(`aria-label="Pages of ${secretTitle}"`);
      expect(text).toContain("<h1>Getting started</h1>");
      expect(text).toContain("The first steps.");
      expect(text).toContain("Welcome <strong>aboard</strong>.");
      // The tree: every page, the first one current, the hidden one labelled.
      expect(text).toMatch(
        new RegExp(`<a href="/s/${spaceId}/getting-started" aria-current="page">Getting started`),
      );
      expect(text).toContain(`href="/s/${spaceId}/getting-started/install"`);
      expect(text).toContain('<span class="a-sp-group">Reference</span>');
      expect(text).toMatch(/Notes<span class="a-meta"> \(hidden\)<\/span>/);
      // The person; the space and its revision; the frame's four reads and the page, in parallel.
      expect(paths).toEqual([
        "GET /v1/user",
        `GET /v1/spaces/${spaceId}`,
        `GET /v1/spaces/${spaceId}/content`,
        ...paths.slice(3, 8),
      ]);
      expect(paths).toHaveLength(8);
    });

    it("shows a page by its path with breadcrumbs, the shared renderer's blocks and its contents", async () => {
      const { res, text, paths } = await appFetch(
        `/s/${spaceId}/getting-started/install`,
        asPerson(session),
      );
      expect(res.status).toBe(200);
      expect(text).toContain("<h1><span");
      expect(text).toContain("Install</h1>");
      expect(text).toContain("How to install it.");
      expect(text).toMatch(
        new RegExp(
          `<nav class="a-sp-crumbs" aria-label="Breadcrumbs"><ol><li><a href="/s/${spaceId}">${secretTitle}</a></li><li><a href="/s/${spaceId}/getting-started">Getting started</a></li><li><span aria-current="page">Install</span></li>`,
        ),
      );
      expect(text).toMatch(
        new RegExp(`<a href="/s/${spaceId}/getting-started/install" aria-current="page">`),
      );
      // The expandable with its anchor (issue 33) and highlighted code, from core/render.
      expect(text).toContain('<details class="q-expandable" id="secret-sauce">');
      expect(text).toContain('<span class="q-line">');
      expect(paths).toHaveLength(8);
      expect(
        paths.filter((p) => p.startsWith(`GET /v1/spaces/${spaceId}/content/page/`)),
      ).toHaveLength(1);
    });

    it("opens a group at its first page, and a page's on-page contents list its headings", async () => {
      const group = await appFetch(`/s/${spaceId}/reference`, asPerson(session));
      expect(group.res.status).toBe(200);
      expect(group.text).toContain("<h1>Limits</h1>");
      expect(group.text).toContain("Ten of each.");
      const first = await appFetch(`/s/${spaceId}/getting-started`, asPerson(session));
      expect(first.text).toContain('<nav class="a-sp-toc" aria-label="On this page">');
      expect(first.text).toContain('href="#hello"');
    });

    it("offers editors of a live-mode space 'Edit live', editing the page in place through main's room", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeContentSpace(org.id, owner, "Live space");
      await commitChanges(space.id, owner.user.id, [
        { operation: "insert_page", title: "Live page", document: { markdown: "Typed here.\n" } },
      ]);
      const editor = await makeSession(owner.user.id);
      const reader = await makeSession((await makeMember(org.id, "read")).user.id);
      const page = `/s/${space.id}/live-page`;
      const shown = await screenOf(editor, page);
      expect(shown.text).toContain(`<a href="${page}?edit=live">Edit live</a>`);
      expect(shown.text).not.toContain("data-editor");
      const editing = await screenOf(editor, `${page}?edit=live`);
      expect(editing.res.status).toBe(200);
      expect(editing.text).toMatch(/<div class="q-ed-mount" data-editor[^>]*data-main="true"/);
      expect(editing.text).not.toContain("data-change-request");
      expect(editing.text).toContain('id="editor-doc"');
      expect(editing.text).toContain("Typed here.");
      expect(editing.text).toContain(`<a href="${page}">Done editing</a>`);
      // A reader, and everyone in a locked space, read the page as before.
      const read = await screenOf(reader, `${page}?edit=live`);
      expect(read.text).not.toContain("Edit live");
      expect(read.text).not.toContain("data-editor");
      const locked = await as(owner.token).patch(`/spaces/${space.id}`, { editMode: "locked" });
      expect(locked.status, locked.text).toBe(200);
      const lockedScreen = await screenOf(editor, `${page}?edit=live`);
      expect(lockedScreen.text).not.toContain("Edit live");
      expect(lockedScreen.text).not.toContain("data-editor");
    });

    it("'Edit in a change request' opens the person's draft change request at the page, or a new one", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeContentSpace(org.id, owner, "Reviewed space");
      await commitChanges(space.id, owner.user.id, [
        { operation: "insert_page", title: "Guide", document: { markdown: "Read me.\n" } },
      ]);
      const editor = await makeSession(owner.user.id);
      const reader = await makeSession((await makeMember(org.id, "read")).user.id);
      const shown = await screenOf(editor, `/s/${space.id}/guide`);
      expect(shown.text).toContain(`<form method="post" action="/s/${space.id}/~/edit"`);
      expect(shown.text).toContain('<input type="hidden" name="page" value="guide"/>');
      const first = await postForm(editor, `/s/${space.id}/~/edit`, { page: "guide" });
      expect(first.res.status).toBe(303);
      const at = new URL(first.res.headers.get("Location")!, APP_ORIGIN).pathname;
      expect(at).toMatch(new RegExp(`^/s/${space.id}/~/changes/(\\d+)/guide$`));
      const listed = await as(owner.token).get(`/spaces/${space.id}/change-requests`, {
        query: { status: "draft" },
      });
      expect(listed.body.items).toHaveLength(1);
      // Again: the same draft, not a second one.
      const again = await postForm(editor, `/s/${space.id}/~/edit`, { page: "guide" });
      expect(new URL(again.res.headers.get("Location")!, APP_ORIGIN).pathname).toBe(at);
      const after = await as(owner.token).get(`/spaces/${space.id}/change-requests`, {
        query: { status: "draft" },
      });
      expect(after.body.items).toHaveLength(1);
      const editing = await screenOf(editor, at);
      expect(editing.res.status).toBe(200);
      expect(editing.text).toContain("Read me.");
      // A reader gets no form, and their post is refused with the API's reason.
      const read = await screenOf(reader, `/s/${space.id}/guide`);
      expect(read.text).not.toContain("/~/edit");
      const refused = await postForm(reader, `/s/${space.id}/~/edit`, { page: "guide" });
      expect(refused.res.status).toBe(403);
      // A locked space offers no editing.
      await as(owner.token).patch(`/spaces/${space.id}`, { editMode: "locked" });
      expect((await screenOf(editor, `/s/${space.id}/guide`)).text).not.toContain("/~/edit");
    });

    it("answers a path with no page the not-found", async () => {
      const { res, text } = await appFetch(`/s/${spaceId}/no/such/page`, asPerson(session));
      expect(res.status).toBe(404);
      expect(text).toContain("Page not found");
    });

    it("answers another organization's person the same not-found as for nothing", async () => {
      for (const path of ["", "/getting-started", "/getting-started/install"]) {
        const theirs = await appFetch(`/s/${spaceId}${path}`, asPerson(outsider));
        const nothing = await appFetch(`/s/space_nothing_here${path}`, asPerson(outsider));
        expect(theirs.res.status).toBe(404);
        expect(nothing.res.status).toBe(404);
        expect(theirs.text).toBe(nothing.text);
        expect(theirs.text).not.toContain(secretTitle);
        expect(theirs.text).not.toContain("Getting started");
      }
    });

    it("sends a signed-out browser to the sign-in, coming back to the page", async () => {
      const { res, paths } = await appFetch(`/s/${spaceId}/getting-started`);
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe(
        `/sign-in?next=${encodeURIComponent(`/s/${spaceId}/getting-started`)}`,
      );
      expect(paths).toEqual([]);
    });

    it("leaves revisions to their screens, and what is not built under ~/ to its answer", async () => {
      const revision = await appFetch(`/s/${spaceId}/~/revisions/1`, asPerson(session));
      expect(revision.res.status).toBe(404);
      expect(revision.text).not.toContain("Not in the app yet");
      const { res, text } = await appFetch(`/s/${spaceId}/~/not-yet/1`, asPerson(session));
      expect(res.status).toBe(404);
      expect(text).toContain("Not in the app yet");
    });
  });
});

describe("content-screens", () => {
  beforeAll(emptyStorage);
  /**
   * The reading and organising screens (app/src/screens/org, space, revisions) through the app's
   * entry: what they show, that a person of another organization gets the same not-found as for a
   * nonexistent id (no title in the HTML), and how many API calls each screen makes; and every
   * `urls.app` the API answers (organization, collection, space, pages of main, a change request
   * and a revision, change request, revision, site and its preview, API spec, integration,
   * installation, search results) opens a screen, never "not in the app yet".
   */

  describe("the content screens", () => {
    let session: TestSession;
    let outsider: TestSession;
    let orgId: string;
    let spaceId: string;
    let owner: TestUser;
    const secretTitle = "Quarterly Secret Plans";

    beforeAll(async () => {
      const made = await makeOrg({ title: "Acme Docs" });
      const org = made.org;
      owner = made.owner;
      orgId = org.id;
      session = await makeSession(owner.user.id);
      const space = await makeContentSpace(org.id, owner, secretTitle);
      spaceId = space.id;
      await commitChanges(space.id, owner.user.id, [
        {
          operation: "insert_page",
          title: "Getting started",
          document: { markdown: "# Hello\n\nWelcome aboard." },
        },
        {
          operation: "insert_page",
          title: "Hidden notes",
          hidden: true,
          document: { markdown: "Psst." },
        },
      ]);
      const other = await makeOrg();
      outsider = await makeSession(other.owner.user.id);
    });

    it("shows the organization home with its spaces, in the workspace frame", async () => {
      const { res, text, paths: calls } = await appFetch(`/o/${orgId}`, asPerson(session));
      expect(res.status).toBe(200);
      expect(text).toContain("Acme Docs");
      expect(text).toContain(secretTitle);
      expect(text).toContain('id="ws-nav"');
      expect(text).toContain(`action="/o/${orgId}/search"`);
      // The person, then the frame's four reads in one parallel wave.
      expect(calls).toHaveLength(5);
    });

    it("answers another organization's person the same not-found as for nothing", async () => {
      const theirs = await appFetch(`/o/${orgId}`, asPerson(outsider));
      const nothing = await appFetch(`/o/org_nothing_here`, asPerson(outsider));
      expect(theirs.res.status).toBe(404);
      expect(nothing.res.status).toBe(404);
      expect(theirs.text).toBe(nothing.text);
      expect(theirs.text).not.toContain("Acme");
      const space = await appFetch(`/s/${spaceId}`, asPerson(outsider));
      expect(space.res.status).toBe(404);
      expect(space.text).not.toContain(secretTitle);
    });

    it("creates a collection and a space in it with the forms", async () => {
      const made = await appFetch(`/o/${orgId}/collections`, formOf(session, { title: "Guides" }));
      expect(made.res.status).toBe(303);
      const collectionPath = made.res.headers.get("Location")!;
      expect(collectionPath).toMatch(new RegExp(`^/o/${orgId}/c/`));
      const collectionId = collectionPath.split("/").pop()!;
      const space = await appFetch(
        `/o/${orgId}/spaces`,
        formOf(session, { title: "Handbook", parent: collectionId }),
      );
      expect(space.res.status).toBe(303);
      const page = await appFetch(collectionPath, asPerson(session));
      expect(page.res.status).toBe(200);
      expect(page.text).toContain("Handbook");
    });

    it("opens a screen at every urls.app the API answers; an outsider gets the same not-found", async () => {
      const api = as(owner.token);
      const urls: string[] = [];
      const take = (body: { urls?: { app?: string; preview?: string } }) => {
        if (body.urls?.app) urls.push(body.urls.app);
        if (body.urls?.preview) urls.push(body.urls.preview);
      };
      take((await api.get(`/orgs/${orgId}`)).body);
      take((await api.get(`/collections/${(await makeCollection(orgId)).id}`)).body);
      take((await api.get(`/spaces/${spaceId}`)).body);
      const main = (await api.get(`/spaces/${spaceId}/content`)).body;
      take(main);
      take(main.pages[0]);
      const revision = (await api.get(`/spaces/${spaceId}/revisions/${main.id}`)).body;
      take(revision);
      take(revision.pages[0]);
      const cr = await createCr(owner, spaceId, "Walk the addresses");
      take((await api.get(`/spaces/${spaceId}/change-requests/${cr.id}`)).body);
      take((await api.get(`/spaces/${spaceId}/change-requests/${cr.id}/content`)).body.pages[0]);
      const site = await makeSite(orgId, owner, { spaces: [{ id: spaceId }] });
      take((await api.get(`/orgs/${orgId}/sites/${site.id}`)).body);
      take(await makeSpec(owner.token, orgId, "walk-spec"));
      const { integration, installation } = await publishAndInstall(owner.token, orgId);
      take(integration);
      take(installation);
      await reindexPages(testDb(), await reloadSpace(spaceId), []);
      const found = await api.get(`/orgs/${orgId}/search`, { query: { query: "Welcome" } });
      expect(found.body.items, found.text).toHaveLength(1);
      const hit = found.body.items[0];
      take(hit);
      take(hit.pages[0]);
      expect(urls, urls.join("\n")).toHaveLength(15);
      for (const url of new Set(urls)) {
        expect(url.startsWith(`${APP_ORIGIN}/`), url).toBe(true);
        const path = url.slice(APP_ORIGIN.length);
        const screen = await appFetch(path, asPerson(session));
        expect(screen.res.status, path).toBe(200);
        expect(screen.text, path).not.toContain("Not in the app yet");
        const theirs = await appFetch(path, asPerson(outsider));
        expect(theirs.res.status, path).toBe(404);
        expect(theirs.text, path).not.toContain(secretTitle);
        expect(theirs.text, path).not.toContain("Acme");
      }
    });
  });
});

describe("page-tree", () => {
  beforeAll(emptyStorage);
  describe("the page tree of a change request", () => {
    let session: TestSession;
    let reader: TestSession;
    let outsider: TestSession;
    let token: string;
    let spaceId: string;
    let number: number;

    const tree = async (): Promise<Node[]> =>
      (await as(token).get(`/spaces/${spaceId}/change-requests/${number}/content`)).body.pages;
    const idOf = async (title: string): Promise<string> => {
      const walk = (pages: Node[]): Node[] => pages.flatMap((p) => [p, ...walk(p.pages ?? [])]);
      const found = walk(await tree()).find((p) => p.title === title);
      if (!found) throw new Error(`no page ${title}`);
      return found.id;
    };
    const base = () => `/s/${spaceId}/~/changes/${number}/~/pages`;

    beforeAll(async () => {
      const { org, owner } = await makeOrg({ title: "Acme Docs" });
      session = await makeSession(owner.user.id);
      token = owner.token;
      const space = await makeContentSpace(org.id, owner, "Handbook");
      spaceId = space.id;
      const cr = await proposeChanges(space.id, owner.user.id, [
        { operation: "insert_page", title: "A", document: { markdown: "A body." } },
        { operation: "insert_page", ref: "b", title: "B", document: { markdown: "B body." } },
        { operation: "insert_page", title: "B1", into: "b", document: { markdown: "B1 body." } },
        { operation: "insert_page", title: "C", emoji: "1f680", document: { markdown: "C body." } },
      ]);
      number = cr.number;
      reader = await makeSession((await makeMember(org.id, "read")).user.id);
      outsider = await makeSession((await makeOrg()).owner.user.id);
    });

    it("shows the tree with the moves each page can make, linked from the change request", async () => {
      const cr = await screenOf(session, `/s/${spaceId}/~/changes/${number}`);
      expect(cr.text).toContain(`href="${base()}"`);
      const { res, text, paths } = await screenOf(session, base());
      expect(res.status, text).toBe(200);
      const [a, b, c] = [await idOf("A"), await idOf("B"), await idOf("C")];
      expect(text).toContain(`action="${base()}/${c}/move"`);
      expect(text).toContain('aria-label="Move A down"');
      expect(text).not.toContain('aria-label="Move A up"');
      expect(text).toContain(`value="${b}:1" aria-label="Indent C"`);
      expect(text).toContain('aria-label="Outdent B1"');
      expect(text).toContain("🚀 C");
      expect(text).toContain(`href="/s/${spaceId}/~/changes/${number}/a"`);
      expect(text).toContain(`action="${base()}/${a}/rename"`);
      // Rows drag and drop where the script runs (it posts the same move forms).
      expect(text).toContain("data-page-tree");
      expect(text).toContain('src="/_app/js/tree.js"');
      // The session, then the space, the change request and its tree in one wave.
      expect(paths).toHaveLength(4);
    });

    it("moves by buttons: up, indent, outdent, down — one content batch each", async () => {
      const c = await idOf("C");
      const up = await postForm(session, `${base()}/${c}/move`, { to: ":1" });
      expect(up.res.status, up.text).toBe(303);
      expect(up.res.headers.get("Location")).toBe(`${base()}?done=moved`);
      expect(up.paths).toEqual([`POST /v1/spaces/${spaceId}/change-requests/${number}/content`]);
      expect(outline(await tree())).toEqual(["A", "C", "B", "B > B1"]);
      const a = await idOf("A");
      await postForm(session, `${base()}/${c}/move`, { to: `${a}:0` });
      expect(outline(await tree())).toEqual(["A", "A > C", "B", "B > B1"]);
      await postForm(session, `${base()}/${c}/move`, { to: ":1" });
      expect(outline(await tree())).toEqual(["A", "C", "B", "B > B1"]);
      await postForm(session, `${base()}/${c}/move`, { to: ":2" });
      expect(outline(await tree())).toEqual(["A", "B", "B > B1", "C"]);
      const shown = await screenOf(session, `${base()}?done=moved`);
      expect(shown.text).toContain("Page moved.");
    });

    it("adds a page after one, inside one and at the end; renames; duplicates", async () => {
      const b = await idOf("B");
      await postForm(session, `${base()}/add`, { title: "After A", place: ":1" });
      await postForm(session, `${base()}/add`, { title: "Inside B", place: `${b}:1` });
      await postForm(session, `${base()}/add`, { title: "Last", place: ":4" });
      expect(outline(await tree())).toEqual([
        "A",
        "After A",
        "B",
        "B > B1",
        "B > Inside B",
        "C",
        "Last",
      ]);
      const renamed = await postForm(session, `${base()}/${await idOf("Last")}/rename`, {
        title: "Final",
      });
      expect(renamed.res.headers.get("Location")).toBe(`${base()}?done=renamed`);
      const copied = await postForm(session, `${base()}/${await idOf("C")}/duplicate`, {});
      expect(copied.res.status, copied.text).toBe(303);
      expect(outline(await tree())).toEqual([
        "A",
        "After A",
        "B",
        "B > B1",
        "B > Inside B",
        "C",
        "C (copy)",
        "Final",
      ]);
      const copy = await as(token).get(
        `/spaces/${spaceId}/change-requests/${number}/content/page/${await idOf("C (copy)")}`,
      );
      expect(copy.body.emoji).toBe("1f680");
      expect(JSON.stringify(copy.body.document)).toContain("C body.");
    });

    it("duplicates a page with its sub-pages: one read and one content batch", async () => {
      const b = await idOf("B");
      const screen = await screenOf(session, base());
      expect(screen.text).toContain("Duplicate with its 2 sub-pages");
      const copied = await postForm(session, `${base()}/${b}/duplicate`, { with: "sub-pages" });
      expect(copied.res.status, copied.text).toBe(303);
      const cr = `/v1/spaces/${spaceId}/change-requests/${number}`;
      expect(copied.paths.filter((p) => p.startsWith("POST"))).toEqual([`POST ${cr}/content`]);
      expect(outline(await tree())).toEqual([
        "A",
        "After A",
        "B",
        "B > B1",
        "B > Inside B",
        "B (copy)",
        "B (copy) > B1",
        "B (copy) > Inside B",
        "C",
        "C (copy)",
        "Final",
      ]);
      const copies = (await tree()).find((p) => p.title === "B (copy)")?.pages ?? [];
      const b1 = await as(token).get(`${cr.slice(3)}/content/page/${copies[0]?.id}`);
      expect(JSON.stringify(b1.body.document)).toContain("B1 body.");
      expect(copies[0]?.id).not.toBe(await idOf("B1"));
      await postForm(session, `${base()}/${await idOf("B (copy)")}/delete`, {});
    });

    it("refuses a subtree over one batch's 50 changes, saying its size", () => {
      const child = (n: number) => ({ id: `p${n}`, title: `P${n}`, type: "document" as const });
      const big = { ...child(0), pages: Array.from({ length: 50 }, (_, n) => child(n + 1)) };
      expect(() => duplicateChanges(big, { parent: null, index: 0 }, true)).toThrow(
        "page: it has 50 sub-pages; at most 50 pages are duplicated at once",
      );
      expect(duplicateChanges(big, { parent: "top", index: 2 }, false)).toEqual([
        expect.objectContaining({ title: "P0 (copy)", into: "top", at: 3 }),
      ]);
    });

    it("deletes after a confirmation that says what goes with the page", async () => {
      const b = await idOf("B");
      const confirm = await screenOf(session, `${base()}/${b}/delete`);
      expect(confirm.res.status).toBe(200);
      expect(confirm.text).toContain("Its 2 sub-pages go with it.");
      expect(confirm.text).toContain(`action="${base()}/${b}/delete"`);
      const deleted = await postForm(session, `${base()}/${b}/delete`, {});
      expect(deleted.res.headers.get("Location")).toBe(`${base()}?done=deleted`);
      expect(outline(await tree())).toEqual(["A", "After A", "C", "C (copy)", "Final"]);
    });

    it("shows a refusal on the tree: an empty title, a place out of range, a bad place", async () => {
      const untitled = await postForm(session, `${base()}/add`, { title: "", place: ":0" });
      expect(untitled.res.status).toBe(400);
      expect(untitled.text).toContain('role="alert"');
      expect(untitled.text).toContain("title");
      const far = await postForm(session, `${base()}/${await idOf("A")}/move`, { to: ":99" });
      expect(far.res.status).toBe(400);
      expect(far.text).toContain("must be between 0 and");
      const bad = await postForm(session, `${base()}/${await idOf("A")}/move`, { to: "nowhere" });
      expect(bad.res.status).toBe(400);
      expect(bad.text).toContain("to: not a place in the tree");
    });

    it("offers a reader no forms (the API refuses their post), an outsider the one not-found", async () => {
      const { res, text } = await screenOf(reader, base());
      expect(res.status).toBe(200);
      expect(text).toContain("After A");
      expect(text).not.toContain("/move");
      expect(text).not.toContain("data-page-tree");
      expect(text).not.toContain("tree.js");
      const refused = await postForm(reader, `${base()}/${await idOf("A")}/rename`, { title: "X" });
      expect(refused.res.status).toBe(403);
      const confirm = await screenOf(reader, `${base()}/${await idOf("A")}/delete`);
      expect(confirm.res.status).toBe(404);
      const theirs = await screenOf(outsider, base());
      const nothing = await screenOf(outsider, `/s/space_nothing/~/changes/1/~/pages`);
      expect(theirs.res.status).toBe(404);
      expect(theirs.text).toBe(nothing.text);
    });
  });
});
