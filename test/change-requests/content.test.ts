import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, beforeAll } from "vitest";
import { spaces } from "../../src/db/schema";
import { as, d1Cost, workerFetch } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, testDb } from "../helpers/factories";
import { grantSpace, makeSpace } from "../helpers/spaces-factories";
import {
  base64Bytes,
  createCr,
  crRow,
  crTree,
  mainTree,
  makeCrWorld,
  markdownOfHash,
  postContent,
  postMerge,
  seedManyPages,
  spaceRow,
} from "../helpers/change-requests-factories";
import { emptyStorage } from "../helpers/storage";

async function sha256Hex(b64: string) {
  const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A paragraph document of one text. */
function doc(text: string) {
  return {
    document: {
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "paragraph",
          data: {},
          nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
        },
      ],
    },
  };
}

/** The `documentId` a page's tree read names (bodies=false), or undefined. */
async function documentIdOf(token: string, spaceId: string, crId: string, pageId: string) {
  const res = await as(token).get(`/spaces/${spaceId}/change-requests/${crId}/content`, {
    query: { bodies: false },
  });
  expect(res.status, res.text).toBe(200);
  const page = (res.body.pages as { id: string; documentId?: string }[]).find(
    (p) => p.id === pageId,
  );
  return page?.documentId;
}

describe("content", () => {
  describe("POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", () => {
    it("applies a batch with refs and files, reports it (compat=false), and merges into main", async () => {
      const { org, space } = await makeCrWorld();
      const editor = await makeMember(org.id, "edit");
      const cr = await createCr(editor, space.id, "Docs");
      const logo = base64Bytes(2048);
      const first = await postContent(
        editor,
        space.id,
        cr.id,
        [
          {
            operation: "insert_files",
            files: [{ ref: "logo", name: "logo.png", contentType: "image/png", base64: logo }],
          },
          {
            operation: "insert_page",
            ref: "intro",
            title: "Introduction",
            document: { markdown: "Hello **world**.\n\n![Logo](./logo)\n" },
          },
          {
            operation: "insert_page",
            ref: "child",
            into: "intro",
            title: "Child",
            document: { markdown: "See [intro](./intro.md).\n" },
          },
          { operation: "insert_page", title: "No ref", document: {} },
        ],
        false,
      );
      expect(first.status, first.text).toBe(200);
      const { changeRequest, changes, insertedFiles } = first.body;
      expect(changeRequest).toMatchObject({ id: cr.id, object: "change-request", outdated: false });
      expect(changeRequest.revision).not.toBe(cr.revision);
      expect(changes.map((ch: { object: string; ref?: string }) => [ch.object, ch.ref])).toEqual([
        ["created_page", "intro"],
        ["created_page", "child"],
        ["created_page", undefined],
      ]);
      const [introId, childId] = changes.map((ch: { page: { id: string } }) => ch.page.id);
      expect(changes[0].page).toEqual({
        object: "page",
        id: introId,
        urls: {
          location: `https://quire.test/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${introId}`,
        },
        documentId: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(insertedFiles).toHaveLength(1);
      expect(insertedFiles[0]).toMatchObject({
        name: "logo.png",
        contentType: "image/png",
        size: 2048,
      });
      expect(insertedFiles[0].downloadURL).toMatch(
        /^https:\/\/quire\.test\/v1\/downloads\?key=files%2F/,
      );
      const hash = await sha256Hex(logo);
      const object = await env.FILES.get(`files/${hash}`);
      expect(object?.size).toBe(2048);

      const tree = await crTree(space.id, cr.id);
      expect(tree.roots.map((n) => n.row.title)).toEqual(["Introduction", "No ref"]);
      expect(tree.roots[0]!.children.map((n) => n.path)).toEqual(["introduction/child"]);
      expect(await markdownOfHash(tree.byId.get(introId)!.row.documentHash)).toContain(
        "Hello **world**.",
      );
      expect((await mainTree(space.id)).roots).toHaveLength(0);

      // A second batch: update, move with into/at, and a page inserted then deleted by ref.
      const second = await postContent(
        editor,
        space.id,
        cr.id,
        [
          {
            operation: "update_page",
            page: introId,
            title: "Intro v2",
            document: { markdown: "Hello again.\n" },
          },
          { operation: "update_page", page: childId, into: null, at: 0 },
          { operation: "insert_page", ref: "tmp", title: "Temporary", document: {} },
          { operation: "delete_page", page: "tmp" },
        ],
        false,
      );
      expect(second.status, second.text).toBe(200);
      expect(second.body.changes.map((ch: { object: string }) => ch.object)).toEqual([
        "updated_page",
        "updated_page",
        "deleted_page",
      ]);
      expect(second.body.insertedFiles).toEqual([]);
      const after = await crTree(space.id, cr.id);
      expect(after.roots.map((n) => n.row.title)).toEqual(["Child", "Intro v2", "No ref"]);
      expect(await markdownOfHash(after.byId.get(introId)!.row.documentHash)).toBe(
        "Hello again.\n",
      );

      // The default (compat=true) answers the change request itself.
      const third = await postContent(editor, space.id, cr.id, [
        { operation: "delete_page", page: childId },
      ]);
      expect(third.status).toBe(200);
      expect(third.body).toMatchObject({ object: "change-request", id: cr.id });
      expect(third.body.changes).toBeUndefined();
      expect((await crRow(cr.id)).seq).toBe(3);

      const merged = await postMerge(editor, space.id, cr.id);
      expect(merged.status, merged.text).toBe(200);
      expect(merged.body).toEqual({
        revision: (await spaceRow(space.id)).revisionId,
        result: "merge",
      });
      const main = await mainTree(space.id);
      expect(main.roots.map((n) => n.row.title)).toEqual(["Intro v2", "No ref"]);
    });

    it("applies all of a batch or none of it: a bad change names its index", async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const before = await crRow(cr.id);
      const res = await postContent(owner, space.id, cr.id, [
        { operation: "insert_page", title: "Fine", document: {} },
        { operation: "update_page", page: "does-not-exist", title: "x" },
      ]);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^body\.changes\[1\]\.page: /);
      const after = await crRow(cr.id);
      expect(after.seq).toBe(before.seq);
      expect(after.revisionId).toBe(before.revisionId);
      expect((await crTree(space.id, cr.id)).roots).toHaveLength(0);

      const shape = await postContent(owner, space.id, cr.id, [
        { operation: "insert_page", title: "Fine", document: {} },
        { operation: "rename_page", page: "x" },
      ]);
      expect(shape.status).toBe(400);
      expect(shape.body.error.message).toMatch(/^body\.changes\[1\]/);
      const empty = await postContent(owner, space.id, cr.id, []);
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toMatch(/^body\.changes: /);
    });

    it("applies concurrent batches one after another: a lost race is applied again, not refused", async () => {
      // An upload while the save loop saves: both land, as two revisions, in some order.
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const before = await crRow(cr.id);
      const titles = ["One", "Two", "Three", "Four"];
      const answers = await Promise.all(
        titles.map((title) =>
          postContent(owner, space.id, cr.id, [{ operation: "insert_page", title, document: {} }]),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      const after = await crRow(cr.id);
      expect(after.seq).toBe(before.seq + titles.length);
      const roots = (await crTree(space.id, cr.id)).roots.map((r) => r.row.title);
      expect([...roots].sort()).toEqual([...titles].sort());
    });

    it("refuses two sources or none and bad base64 with a 400 naming the file", async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      for (const file of [
        { name: "a.png", url: "https://echo.example.com/bytes/4", base64: "aGVsbG8=" },
        { name: "a.png", contentType: "image/png" },
      ]) {
        const res = await postContent(owner, space.id, cr.id, [
          { operation: "insert_files", files: [file] },
        ]);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe(
          "body.changes[0].files[0]: exactly one source (url, base64 or storageKey) is required",
        );
      }
      const bad = await postContent(owner, space.id, cr.id, [
        { operation: "insert_page", title: "P", document: {} },
        {
          operation: "insert_files",
          files: [{ name: "a.png", contentType: "image/png", base64: "@@@" }],
        },
      ]);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^body\.changes\[1\]\.files\[0\]\.base64: /);
      expect((await crRow(cr.id)).seq).toBe(0);
    });

    it("takes a url source: streamed to R2 in parts (12 MiB), hashed, typed by the answer", async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const size = 12 * 1024 * 1024;
      const res = await postContent(
        owner,
        space.id,
        cr.id,
        [
          {
            operation: "insert_files",
            files: [
              { name: "clip.mp4", url: `https://echo.example.com/stream/${size}?type=video/mp4` },
              {
                name: "typed.bin",
                contentType: "application/pdf",
                url: "https://echo.example.com/stream/10",
              },
            ],
          },
        ],
        false,
      );
      expect(res.status, res.text).toBe(200);
      const [clip, typed] = res.body.insertedFiles;
      expect(clip).toMatchObject({ name: "clip.mp4", contentType: "video/mp4", size });
      expect(typed).toMatchObject({ name: "typed.bin", contentType: "application/pdf", size: 10 });
      // The same bytes as test/network/index.ts's streamedByte.
      const bytes = new Uint8Array(size);
      for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 16)) % 251;
      const hex = async (data: Uint8Array<ArrayBuffer> | ArrayBuffer) =>
        [...new Uint8Array(await crypto.subtle.digest("SHA-256", data))]
          .map((b) => b.toString(16).padStart(2, "0"))
          .join("");
      const hash = await hex(bytes);
      const object = await env.FILES.get(`files/${hash}`);
      expect(object?.size).toBe(size);
      expect(object?.httpMetadata?.contentType).toBe("video/mp4");
      expect(await hex(await object!.arrayBuffer())).toBe(hash);
      expect((await env.FILES.list({ prefix: "staging/" })).objects).toEqual([]);
    });

    it("refuses a url source that is private, unreachable, failing or over 100 MiB, naming it", async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const cases: [string, RegExp][] = [
        ["http://10.0.0.7/a.png", /^body\.changes\[0\]\.files\[0\]\.url: refused: /],
        ["https://loopback.example.com/a.png", /\.url: refused: /],
        ["http://169.254.169.254/latest/meta-data", /\.url: refused: /],
        ["https://echo.example.com/status/404", /\.url: echo\.example\.com answered 404$/],
        ["https://nowhere.example.com/a.png", /\.url: nowhere\.example\.com answered 502$/],
        [
          `https://echo.example.com/bytes/${100 * 1024 * 1024 + 1}`,
          /\.url: the file is larger than 100 MiB$/,
        ],
        ["ftp://echo.example.com/a", /\.url: Only http and https/],
      ];
      for (const [url, message] of cases) {
        const res = await postContent(owner, space.id, cr.id, [
          { operation: "insert_files", files: [{ name: "a.png", url }] },
        ]);
        expect(res.status, url).toBe(400);
        expect(res.body.error.message, url).toMatch(message);
      }
      expect((await crRow(cr.id)).seq).toBe(0);
    });

    it("takes an organization_file upload sent in resumable parts, and refuses it unfinished or of another organization", async () => {
      const { org, owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const api = as(owner.token);
      const sign = (size: number, kind = "organization_file") =>
        api.post(`/orgs/${org.id}/storage/upload`, {
          file: { name: "clip.mp4", type: "video/mp4", size },
          kind,
        });
      const MiB = 1024 * 1024;
      expect((await sign(100 * MiB)).status).toBe(201);
      const over = await sign(100 * MiB + 1);
      expect(over.status).toBe(400);
      expect(over.body.error.message).toMatch(/^body\.file\.size: at most 104857600 bytes/);
      expect((await sign(10, "customization_font")).status).toBe(400);

      const size = 10 * MiB + 100;
      const bytes = new Uint8Array(size).map((_, i) => i % 253);
      const signed = await sign(size);
      expect(signed.status, signed.text).toBe(201);
      const { url, key } = signed.body as { url: string; key: string };
      expect(key.startsWith(`org-files/${org.id}/`)).toBe(true);
      const part = (first: number, last: number, body: BodyInit = bytes.slice(first, last + 1)) =>
        workerFetch(url, {
          method: "PUT",
          body,
          headers: {
            "Content-Range": `bytes ${first}-${last}/${size}`,
            "Content-Length": String(last - first + 1),
          },
        });
      const progress = async () => (await workerFetch(url)).json();
      const first = await part(0, 5 * MiB - 1);
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ received: 5 * MiB, complete: false });
      // A part out of order: refused, saying where to go on.
      const ahead = await part(10 * MiB, size - 1);
      expect(ahead.status).toBe(409);
      expect(((await ahead.json()) as { error: { message: string } }).error.message).toMatch(
        /5242880 bytes arrived/,
      );
      // A part under 5 MiB but the last is refused.
      expect((await part(5 * MiB, 6 * MiB - 1)).status).toBe(400);
      // An interrupted part (the body fails midway): nothing of it counts.
      const failing = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(5 * MiB, 6 * MiB));
          controller.error(new Error("connection lost"));
        },
      });
      const cut = await part(5 * MiB, 10 * MiB - 1, failing).catch(() => null);
      expect(cut?.status ?? 500).toBeGreaterThanOrEqual(400);
      expect(await progress()).toMatchObject({ received: 5 * MiB, complete: false });

      // Unfinished: insert_files refuses the key.
      const file = (storageKey: string) => [
        { operation: "insert_files", files: [{ name: "clip.mp4", storageKey }] },
      ];
      const early = await postContent(owner, space.id, cr.id, file(key));
      expect(early.status).toBe(400);
      expect(early.body.error.message).toMatch(
        /^body\.changes\[0\]\.files\[0\]\.storageKey: this upload is unfinished \(5242880 bytes arrived\)/,
      );

      // Resumed from what arrived: the rest, then the last part completes it.
      expect((await part(5 * MiB, 10 * MiB - 1)).status).toBe(200);
      const last = await part(10 * MiB, size - 1);
      expect(await last.json()).toMatchObject({ received: size, complete: true });
      expect(await progress()).toMatchObject({ received: size, complete: true });
      expect((await part(0, 5 * MiB - 1)).status).toBe(409);

      const other = await makeOrg();
      const foreign = await as(other.owner.token).post(`/orgs/${other.org.id}/storage/upload`, {
        file: { name: "x.bin", type: "application/octet-stream", size: 3 },
        kind: "organization_file",
      });
      expect(foreign.status).toBe(201);
      const stranger = await postContent(owner, space.id, cr.id, file(foreign.body.key));
      expect(stranger.status).toBe(404);
      expect(stranger.body.error.message).toMatch(/^body\.changes\[0\]\.files\[0\]\.storageKey: /);

      const done = await postContent(owner, space.id, cr.id, file(key), false);
      expect(done.status, done.text).toBe(200);
      expect(done.body.insertedFiles[0]).toMatchObject({ name: "clip.mp4", size });
      const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("");
      expect((await env.FILES.head(`files/${hash}`))?.size).toBe(size);
    });

    it("refuses a content type outside RFC 9110's grammar and a file name with control characters", async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const file = (name: string, contentType: string) => [
        { operation: "insert_files", files: [{ name, contentType, base64: "aGVsbG8=" }] },
      ];
      for (const type of ["text/plain\r\nX-Evil: 1", "text", "text/plain; charset", "tëxt/plain"]) {
        const res = await postContent(owner, space.id, cr.id, file("a.txt", type));
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/^body\.changes\[0\]\.files\[0\]\.contentType: /);
      }
      for (const name of ["a\u0000.txt", "a\r\nb.txt", "tab\t.txt"]) {
        const res = await postContent(owner, space.id, cr.id, file(name, "text/plain"));
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/^body\.changes\[0\]\.files\[0\]\.name: /);
      }
      const fine = await postContent(
        owner,
        space.id,
        cr.id,
        file("notes.txt", 'text/plain; charset="utf-8"; format=flowed'),
      );
      expect(fine.status).toBe(200);
      expect((await crRow(cr.id)).seq).toBe(1);
    });

    it("refuses content changes in a locked space and on a merged or archived change request (409)", async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const archived = await createCr(owner, space.id);
      await as(owner.token).patch(`/spaces/${space.id}/change-requests/${archived.id}`, {
        status: "archived",
      });
      const change = [{ operation: "insert_page", title: "P", document: {} }];
      expect((await postContent(owner, space.id, archived.id, change)).status).toBe(409);
      await testDb().update(spaces).set({ editMode: "locked" }).where(eq(spaces.id, space.id));
      const locked = await postContent(owner, space.id, cr.id, change);
      expect(locked.status).toBe(409);
      expect(locked.body.error.message).toMatch(/locked/);
      await testDb().update(spaces).set({ editMode: "live" }).where(eq(spaces.id, space.id));
      expect((await postMerge(owner, space.id, cr.id)).status).toBe(200);
      expect((await postContent(owner, space.id, cr.id, change)).status).toBe(409);
    });

    it("writes rows in proportion to the change, not to a space of 500 pages", async () => {
      const { owner, space } = await makeCrWorld();
      const pageIds = await seedManyPages(space, 500);
      const cr = await createCr(owner, space.id);
      const content = await postContent(owner, space.id, cr.id, [
        {
          operation: "update_page",
          page: pageIds[250]!,
          title: "Renamed",
          document: { markdown: "New body.\n" },
        },
      ]);
      expect(content.status, content.text).toBe(200);
      expect(d1Cost(content).rowsWritten).toBeLessThan(40);
      const merged = await postMerge(owner, space.id, cr.id);
      expect(merged.status, merged.text).toBe(200);
      expect(d1Cost(merged).rowsWritten).toBeLessThan(40);
      const main = await mainTree(space.id);
      expect(main.roots).toHaveLength(500);
      expect(main.byId.get(pageIds[250]!)!.row.title).toBe("Renamed");
    });

    // Needs src/app.ts to let this path past the app-wide 1 MiB body limit (see the area report).
    it("accepts a file of 1 MB (a body over 1 MiB) and refuses one byte more", async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const file = (size: number) => ({
        operation: "insert_files",
        files: [
          { name: "big.bin", contentType: "application/octet-stream", base64: base64Bytes(size) },
        ],
      });
      const ok = await postContent(owner, space.id, cr.id, [file(1024 * 1024)], false);
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.insertedFiles[0].size).toBe(1024 * 1024);
      const over = await postContent(owner, space.id, cr.id, [file(1024 * 1024 + 1)]);
      expect(over.status).toBe(400);
      expect(over.body.error.message).toBe("body.changes[0].files[0].base64: larger than 1 MB");
    });
  });
  authorizationMatrix("POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content", {
    setup: async (world) => {
      const space = await makeSpace(world.org.id, world.owner);
      await grantSpace(space.id, { user: world.guest.user.id }, "read");
      return { space, cr: await createCr(world.owner, space.id) };
    },
    request: (_w, s) => ({
      method: "POST",
      path: `/spaces/${s.space.id}/change-requests/${s.cr.id}/content`,
      body: { changes: [{ operation: "insert_page", title: "P", document: {} }] },
    }),
    missing: (_w, s) => ({
      method: "POST",
      path: `/spaces/neverexisted/change-requests/${s.cr.id}/content`,
      body: { changes: [{ operation: "insert_page", title: "P", document: {} }] },
    }),
    minimumRole: "edit",
    scope: "space:write",
    success: 200,
    repeatable: true,
  });

  authorizationMatrix("POST /v1/orgs/{organizationId}/storage/upload (kind organization_file)", {
    request: (w) => ({
      method: "POST",
      path: `/orgs/${w.org.id}/storage/upload`,
      body: {
        file: { name: "a.pdf", type: "application/pdf", size: 10 },
        kind: "organization_file",
      },
    }),
    missing: () => ({
      method: "POST",
      path: `/orgs/neverexisted/storage/upload`,
      body: {
        file: { name: "a.pdf", type: "application/pdf", size: 10 },
        kind: "organization_file",
      },
    }),
    minimumRole: "create",
    scope: "space:write",
    success: 201,
    repeatable: true,
  });
});

describe("base-document", () => {
  beforeAll(emptyStorage);
  describe("update_page's baseDocumentId (Quire extension: a save names what it was based on)", () => {
    it("saves on the base the page has, answers the new documentId, and refuses a stale base with 409", async () => {
      const { org, space } = await makeCrWorld();
      const writer = await makeMember(org.id, "edit");
      const cr = await createCr(writer, space.id, "Draft");
      const created = await postContent(
        writer,
        space.id,
        cr.id,
        [{ operation: "insert_page", ref: "p", title: "Page", document: {} }],
        false,
      );
      expect(created.status, created.text).toBe(200);
      const pageId: string = created.body.changes[0].page.id;
      // An empty page has a document too (the empty one): the base the next save names.
      const emptyId: string = created.body.changes[0].page.documentId;
      expect(await documentIdOf(writer.token, space.id, cr.id, pageId)).toBe(emptyId);
      const first = await postContent(
        writer,
        space.id,
        cr.id,
        [{ operation: "update_page", page: pageId, baseDocumentId: emptyId, document: doc("one") }],
        false,
      );
      expect(first.status, first.text).toBe(200);
      const firstId: string = first.body.changes[0].page.documentId;
      expect(firstId).toMatch(/^[0-9a-f]{64}$/);
      expect(await documentIdOf(writer.token, space.id, cr.id, pageId)).toBe(firstId);

      const second = await postContent(
        writer,
        space.id,
        cr.id,
        [{ operation: "update_page", page: pageId, baseDocumentId: firstId, document: doc("two") }],
        false,
      );
      expect(second.status, second.text).toBe(200);
      const secondId: string = second.body.changes[0].page.documentId;
      expect(secondId).not.toBe(firstId);

      // Another tab still based on `one`: refused, naming the field, and nothing changes.
      const stale = await postContent(writer, space.id, cr.id, [
        { operation: "update_page", page: pageId, baseDocumentId: firstId, document: doc("three") },
      ]);
      expect(stale.status, stale.text).toBe(409);
      expect(stale.body.error.message).toContain("body.changes[0].baseDocumentId");
      expect(stale.body.error.message).toContain(secondId);
      expect(await documentIdOf(writer.token, space.id, cr.id, pageId)).toBe(secondId);

      // A retried save whose answer was lost (its base is the one before it): not a conflict.
      const retried = await postContent(writer, space.id, cr.id, [
        { operation: "update_page", page: pageId, baseDocumentId: firstId, document: doc("two") },
      ]);
      expect(retried.status, retried.text).toBe(200);

      // Without the extension, the official last-writer-wins behaviour is unchanged.
      const blind = await postContent(writer, space.id, cr.id, [
        { operation: "update_page", page: pageId, document: doc("four") },
      ]);
      expect(blind.status, blind.text).toBe(200);
    });

    it("is refused without a document (400 naming the field)", async () => {
      const { org, space } = await makeCrWorld();
      const writer = await makeMember(org.id, "edit");
      const cr = await createCr(writer, space.id);
      const created = await postContent(
        writer,
        space.id,
        cr.id,
        [{ operation: "insert_page", title: "Page", document: {} }],
        false,
      );
      const pageId: string = created.body.changes[0].page.id;
      const res = await postContent(writer, space.id, cr.id, [
        { operation: "update_page", page: pageId, baseDocumentId: null, title: "Renamed" },
      ]);
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.message).toContain("body.changes[0].baseDocumentId");
    });
  });
  authorizationMatrix("update_page with baseDocumentId (content batch)", {
    setup: async (world) => {
      const space = await makeSpace(world.org.id, world.owner);
      await grantSpace(space.id, { user: world.guest.user.id }, "read");
      const cr = await createCr(world.owner, space.id);
      const created = await postContent(
        world.owner,
        space.id,
        cr.id,
        [{ operation: "insert_page", title: "P", document: doc("x") }],
        false,
      );
      // Saving the same document on its own base leaves it as it was: every case may send it.
      const { id, documentId } = created.body.changes[0].page as { id: string; documentId: string };
      return { space, cr, pageId: id, base: documentId };
    },
    request: (_w, s) => ({
      method: "POST",
      path: `/spaces/${s.space.id}/change-requests/${s.cr.id}/content`,
      body: {
        changes: [
          { operation: "update_page", page: s.pageId, baseDocumentId: s.base, document: doc("x") },
        ],
      },
    }),
    missing: (_w, s) => ({
      method: "POST",
      path: `/spaces/neverexisted/change-requests/${s.cr.id}/content`,
      body: {
        changes: [
          { operation: "update_page", page: s.pageId, baseDocumentId: s.base, document: doc("x") },
        ],
      },
    }),
    minimumRole: "edit",
    scope: "space:write",
    success: 200,
  });
});
