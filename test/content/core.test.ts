import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, beforeAll } from "vitest";
import { changeRequests, spaces } from "../../src/db/schema";
import { createChangeRequest, applyContentBatch } from "../../src/services/change-requests/writes";
import { mergeChangeRequest, updateFromMain } from "../../src/services/change-requests/merge";
import { createSpace } from "../../src/services/spaces/create";
import { mainPointer } from "../../src/content/pointers";
import { documentsQuery, treeQuery } from "../../src/content/read";
import { buildTree } from "../../src/content/tree";
import { markdownOf } from "../../src/content/documents";
import type { Change } from "../../src/content/change-schema";
import { makeOrg, testDb } from "../helpers/factories";
import { fixtureAfterMain } from "../helpers/after-main";
import { as } from "../helpers/api";
import { createCr, makeCrWorld, postContent } from "../helpers/change-requests-factories";
import { makeCommentWorld } from "../helpers/comments-factories";
import { emptyStorage } from "../helpers/storage";

async function setup() {
  const db = testDb();
  const { org, owner } = await makeOrg();
  const space = await createSpace(db, {
    organizationId: org.id,
    createdBy: owner.user.id,
    title: "Docs",
    position: "a0",
  });
  return { db, space, userId: owner.user.id };
}

async function reload(id: string) {
  const db = testDb();
  const [row] = await db.select().from(spaces).where(eq(spaces.id, id));
  return row!;
}

async function reloadCr(id: string) {
  const [row] = await testDb().select().from(changeRequests).where(eq(changeRequests.id, id));
  return row!;
}

/** Merges a change request into its space's main as it is now (no after-main hooks). */
async function mergeAtHead(spaceId: string, changeRequestId: string, userId: string) {
  return mergeChangeRequest(
    testDb(),
    await reload(spaceId),
    await reloadCr(changeRequestId),
    userId,
    { type: "none" },
    fixtureAfterMain(),
  );
}

async function edit(spaceId: string, userId: string, changes: Change[]) {
  const db = testDb();
  const space = await reload(spaceId);
  const cr = await createChangeRequest(db, space, { userId, subject: "edit" });
  const { changeRequest } = await applyContentBatch(db, env.FILES, space, cr, userId, changes);
  return changeRequest;
}

async function mainTree(spaceId: string) {
  const db = testDb();
  const space = await reload(spaceId);
  const rows = await treeQuery(db, mainPointer(space));
  return buildTree(rows);
}

async function mainMarkdown(spaceId: string, pageId: string) {
  const db = testDb();
  const { byId } = await mainTree(spaceId);
  const hash = byId.get(pageId)!.row.documentHash!;
  const [doc] = await documentsQuery(db, [hash]);
  return markdownOf(doc!.body);
}

/** A JSON Document nested `depth` blockquotes deep. */
function deepDocument(depth: number) {
  let node: Record<string, unknown> = {
    object: "block",
    type: "paragraph",
    nodes: [{ object: "text", leaves: [{ object: "leaf", text: "x", marks: [] }] }],
  };
  for (let i = 0; i < depth; i++) node = { object: "block", type: "blockquote", nodes: [node] };
  return { object: "document", data: {}, nodes: [node] };
}

/** A paragraph with one inline link to `url`, as a JSON Document. */
function linkDocument(url: string) {
  return {
    object: "document",
    data: {},
    nodes: [
      {
        object: "block",
        type: "paragraph",
        nodes: [
          {
            object: "inline",
            type: "link",
            data: { ref: { kind: "url", url } },
            nodes: [{ object: "text", leaves: [{ object: "leaf", text: "click", marks: [] }] }],
          },
        ],
      },
    ],
  };
}

describe("core", () => {
  describe("content core: change requests, merge, three-way merge", () => {
    it("inserts pages in a change request and merges them into main", async () => {
      const { space, userId } = await setup();
      const cr = await edit(space.id, userId, [
        {
          operation: "insert_page",
          ref: "intro",
          title: "Introduction",
          document: { markdown: "Hello **world**.\n" },
        },
        {
          operation: "insert_page",
          into: "intro",
          title: "Child",
          document: { markdown: "See [intro](./intro.md).\n" },
        },
      ]);
      expect(cr.seq).toBe(1);
      expect((await mainTree(space.id)).roots).toHaveLength(0);
      const merged = await mergeAtHead(space.id, cr.id, userId);
      expect(merged.changeRequest.status).toBe("merged");
      const { roots } = await mainTree(space.id);
      expect(roots.map((n) => n.row.title)).toEqual(["Introduction"]);
      expect(roots[0]!.children.map((n) => n.path)).toEqual(["introduction/child"]);
      expect(await mainMarkdown(space.id, roots[0]!.row.pageId)).toContain("Hello **world**.");
    });

    it("merges two change requests from the same base that touched different pages", async () => {
      const { space, userId } = await setup();
      const seed = await edit(space.id, userId, [
        { operation: "insert_page", title: "A", document: { markdown: "one\n" } },
        { operation: "insert_page", title: "B", document: { markdown: "two\n" } },
      ]);
      await mergeAtHead(space.id, seed.id, userId);
      const { roots } = await mainTree(space.id);
      const [a, b] = roots.map((n) => n.row.pageId);
      const first = await edit(space.id, userId, [
        { operation: "update_page", page: a!, document: { markdown: "one, edited\n" } },
      ]);
      const second = await edit(space.id, userId, [
        { operation: "update_page", page: b!, title: "B2" },
      ]);
      await mergeAtHead(space.id, first.id, userId);
      await mergeAtHead(space.id, second.id, userId);
      const after = await mainTree(space.id);
      expect(after.roots.map((n) => n.row.title)).toEqual(["A", "B2"]);
      expect(await mainMarkdown(space.id, a!)).toBe("one, edited\n");
    });

    it("merges different paragraphs of the same page line by line, and refuses the same line with 409", async () => {
      const { db, space, userId } = await setup();
      const seed = await edit(space.id, userId, [
        {
          operation: "insert_page",
          title: "Page",
          document: { markdown: "First.\n\nSecond.\n\nThird.\n" },
        },
      ]);
      await mergeAtHead(space.id, seed.id, userId);
      const page = (await mainTree(space.id)).roots[0]!.row.pageId;
      const one = await edit(space.id, userId, [
        {
          operation: "update_page",
          page,
          document: { markdown: "First, edited.\n\nSecond.\n\nThird.\n" },
        },
      ]);
      const two = await edit(space.id, userId, [
        {
          operation: "update_page",
          page,
          document: { markdown: "First.\n\nSecond.\n\nThird, edited.\n" },
        },
      ]);
      const three = await edit(space.id, userId, [
        {
          operation: "update_page",
          page,
          document: { markdown: "First, changed.\n\nSecond.\n\nThird.\n" },
        },
      ]);
      await mergeAtHead(space.id, one.id, userId);
      await mergeAtHead(space.id, two.id, userId);
      expect(await mainMarkdown(space.id, page)).toBe(
        "First, edited.\n\nSecond.\n\nThird, edited.\n",
      );
      const before = await reload(space.id);
      await expect(
        mergeChangeRequest(
          db,
          before,
          await reloadCr(three.id),
          userId,
          { type: "none" },
          fixtureAfterMain(),
        ),
      ).rejects.toThrow(/conflicts with main/);
      const after = await reload(space.id);
      expect(after.mainSeq).toBe(before.mainSeq);
      expect(after.revisionId).toBe(before.revisionId);
    });

    it("updates a change request from main", async () => {
      const { db, space, userId } = await setup();
      const seed = await edit(space.id, userId, [
        { operation: "insert_page", title: "P", document: { markdown: "a\n\nb\n" } },
      ]);
      await mergeAtHead(space.id, seed.id, userId);
      const page = (await mainTree(space.id)).roots[0]!.row.pageId;
      const cr = await edit(space.id, userId, [
        { operation: "update_page", page, document: { markdown: "a\n\nb, cr\n" } },
      ]);
      const other = await edit(space.id, userId, [
        { operation: "update_page", page, document: { markdown: "a, main\n\nb\n" } },
      ]);
      await mergeAtHead(space.id, other.id, userId);
      const updated = await updateFromMain(
        db,
        await reload(space.id),
        await reloadCr(cr.id),
        userId,
      );
      expect(updated.changeRequest.baseSeq).toBe((await reload(space.id)).mainSeq);
      await mergeAtHead(space.id, cr.id, userId);
      expect(await mainMarkdown(space.id, page)).toBe("a, main\n\nb, cr\n");
    });

    it("deletes a page with its subpages, and refuses moving a page under its own child", async () => {
      const { db, space, userId } = await setup();
      const seed = await edit(space.id, userId, [
        { operation: "insert_page", ref: "p", title: "Parent", document: {} },
        { operation: "insert_page", ref: "c", into: "p", title: "Child", document: {} },
      ]);
      await mergeAtHead(space.id, seed.id, userId);
      const parent = (await mainTree(space.id)).roots[0]!;
      const child = parent.children[0]!.row.pageId;
      const crSpace = await reload(space.id);
      const cr = await createChangeRequest(db, crSpace, { userId, subject: "x" });
      await expect(
        applyContentBatch(db, env.FILES, crSpace, cr, userId, [
          { operation: "update_page", page: parent.row.pageId, into: child },
        ]),
      ).rejects.toThrow(/body\.changes\[0\]\.into/);
      const del = await edit(space.id, userId, [
        { operation: "delete_page", page: parent.row.pageId },
      ]);
      await mergeAtHead(space.id, del.id, userId);
      expect((await mainTree(space.id)).roots).toHaveLength(0);
    });
  });
});

describe("pathological-routes", () => {
  beforeAll(emptyStorage);
  describe("markdown and Document limits through the routes", () => {
    it("answers a 400 naming the limit for a comment of 10,000 nested block quotes", async () => {
      const w = await makeCommentWorld();
      const res = await as(w.owner.token).post(`/spaces/${w.space.id}/comments`, {
        body: { markdown: `${"> ".repeat(10_000)}x` },
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.message).toBe(
        "body.body.markdown: document too deeply nested (max 40)",
      );
    });

    it("answers a 400 for deep inline nesting in a comment, never a 500", async () => {
      const w = await makeCommentWorld();
      const res = await as(w.owner.token).post(`/spaces/${w.space.id}/comments`, {
        body: { markdown: `${"*a **a ".repeat(5_000)}b${" a** a*".repeat(5_000)}` },
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.message).toMatch(/document too deeply nested \(max 40\)/);
    });

    it("answers a 400 for a page import nested too deep, as markdown and as JSON", async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const lists = Array.from({ length: 60 }, (_, i) => `${"  ".repeat(i)}* item\n`).join("");
      const markdown = await postContent(owner, space.id, cr.id, [
        { operation: "insert_page", title: "Deep", document: { markdown: lists } },
      ]);
      expect(markdown.status, markdown.text).toBe(400);
      expect(markdown.body.error.message).toMatch(/document too deeply nested \(max 40\)/);
      for (const depth of [60, 10_000]) {
        const json = await postContent(owner, space.id, cr.id, [
          { operation: "insert_page", title: "Deep", document: { document: deepDocument(depth) } },
        ]);
        expect(json.status, json.text).toBe(400);
        expect(json.body.error.message).toMatch(/too deeply nested|nested deeper than/);
      }
    });

    it("accepts a page nested 40 levels deep", async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const res = await postContent(owner, space.id, cr.id, [
        { operation: "insert_page", title: "Deep", document: { markdown: `${"> ".repeat(40)}x` } },
      ]);
      expect(res.status, res.text).toBe(200);
    });

    it("refuses deep agent instructions with a 400", async () => {
      const w = await makeCommentWorld();
      const res = await as(w.owner.token).put(`/orgs/${w.org.id}/agent-instructions`, {
        instructions: deepDocument(60),
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.message).toMatch(/document too deeply nested \(max 50\)/);
    });
  });
  describe("unsafe link targets through the routes", () => {
    const unsafe = [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "\tjava\nscript:x",
      "vbscript:x",
      "data:text/html,x",
    ];

    it("drops javascript:, vbscript: and data: links from markdown and keeps their text", async () => {
      const w = await makeCommentWorld();
      for (const url of unsafe) {
        const res = await as(w.owner.token).post(`/spaces/${w.space.id}/comments`, {
          body: { markdown: `[click](<${url.replace(/[\t\n]/g, "")}>) and [ok](https://ok.test)` },
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body.body.markdown).toBe("click and [ok](https://ok.test)");
      }
    });

    it("drops them from JSON Documents too, in the stored Document and its markdown", async () => {
      const w = await makeCommentWorld();
      for (const url of unsafe) {
        const res = await as(w.owner.token).post(`/spaces/${w.space.id}/comments`, {
          body: { document: linkDocument(url) },
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body.body.markdown).toBe("click");
        const doc = await as(w.owner.token).get(`/spaces/${w.space.id}/comments/${res.body.id}`, {
          query: { format: "document" },
        });
        expect(JSON.stringify(doc.body.body.document)).not.toMatch(/script:|data:/i);
        expect(JSON.stringify(doc.body.body.document)).toContain('"click"');
      }
    });
  });
});
