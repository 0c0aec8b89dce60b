import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, warmToken } from "../helpers/api";
import { makeMember, makeOrg } from "../helpers/factories";
import {
  makeCommentWorld,
  makeCrWithPage,
  openCounts,
  postReply,
  postSpaceComment,
  threadRows,
} from "../helpers/comments-factories";
import { emptyStorage } from "../helpers/storage";

describe("space-comments", () => {
  describe("POST /v1/spaces/{spaceId}/comments", () => {
    it("posts on a page block and a table cell of main; target, body and counter are right", async () => {
      const w = await makeCommentWorld();
      await warmToken(w.owner.token); // steady state: the isolate knows the token
      const res = await as(w.owner.token).post(`/spaces/${w.space.id}/comments`, {
        page: w.guide,
        node: w.table.key,
        tableCell: { record: w.table.record, definition: w.table.definition },
        body: { markdown: "Is *this* value right?" },
      });
      expect(res.status, res.text).toBe(200);
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
      expect(res.body).toMatchObject({
        object: "comment",
        status: "open",
        body: { markdown: "Is _this_ value right?" },
        replies: 0,
        repliers: [],
        reactions: [],
        target: {
          space: w.space.id,
          revision: w.space.revisionId,
          page: { id: w.guide },
          node: { id: w.table.key },
          tableCell: { record: w.table.record, definition: w.table.definition },
        },
      });
      expect(res.body.target.changeRequest).toBeUndefined();
      expect(res.body.editedAt).toBeUndefined();
      expect((await openCounts(w.space.id)).space).toBe(1);
    });

    it("accepts the document and empty body forms, and answers in the format asked for", async () => {
      const w = await makeCommentWorld();
      const document = {
        object: "document",
        data: {},
        nodes: [
          {
            object: "block",
            type: "paragraph",
            nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Hi", marks: [] }] }],
          },
        ],
      };
      const doc = await as(w.owner.token).post(`/spaces/${w.space.id}/comments`, {
        body: { document },
      });
      expect(doc.status, doc.text).toBe(200);
      expect(doc.body.body).toEqual({ markdown: "Hi" });
      const asDoc = await as(w.owner.token).get(`/spaces/${w.space.id}/comments/${doc.body.id}`, {
        query: { format: "document" },
      });
      expect(asDoc.body.body.document.object).toBe("document");
      expect(asDoc.body.body.document.nodes[0].type).toBe("paragraph");
      const empty = await as(w.owner.token).post(`/spaces/${w.space.id}/comments`, { body: {} });
      expect(empty.status, empty.text).toBe(200);
      expect(empty.body.body).toEqual({ markdown: "" });
    });

    it("answers 400 naming the field for bad bodies and unknown fields", async () => {
      const w = await makeCommentWorld();
      const post = (body: unknown) =>
        as(w.owner.token).post(`/spaces/${w.space.id}/comments`, body);
      const cases: [unknown, string][] = [
        [{}, "body.body"],
        [{ body: { markdown: 5 } }, "body.body"],
        [{ body: { markdown: "x" }, extra: 1 }, "body"],
        [{ body: { markdown: "x" }, page: "" }, "body.page"],
        [
          { body: { document: { object: "document", data: {}, nodes: [{ object: "nope" }] } } },
          "body.body",
        ],
        [{ body: { markdown: "x" }, tableCell: { record: "r" } }, "body.tableCell.definition"],
      ];
      for (const [body, field] of cases) {
        const res = await post(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.message.startsWith(`${field}`), res.body.error.message).toBe(true);
      }
    });

    it("answers 400 for a target that is not in main's revision", async () => {
      const w = await makeCommentWorld();
      const { pageId: crOnly } = await makeCrWithPage(w.space.id, w.owner.user.id);
      const post = (extra: object) =>
        as(w.owner.token).post(`/spaces/${w.space.id}/comments`, {
          body: { markdown: "x" },
          ...extra,
        });
      const cases: [object, string][] = [
        [{ page: "neverexisted" }, "body.page: no page neverexisted"],
        [{ page: crOnly }, `body.page: no page ${crOnly}`],
        [{ node: w.heading }, "body.node: a node target needs body.page"],
        [{ page: w.other, node: w.heading }, `body.node: no block ${w.heading}`],
        [{ page: w.guide, node: "nokey" }, "body.node: no block nokey"],
        [
          { page: w.guide, tableCell: { record: "a", definition: "b" } },
          "body.tableCell: a table cell target needs body.node",
        ],
        [
          {
            page: w.guide,
            node: w.heading,
            tableCell: { record: w.table.record, definition: w.table.definition },
          },
          "body.tableCell: body.node is not a table",
        ],
        [
          {
            page: w.guide,
            node: w.table.key,
            tableCell: { record: "nope", definition: w.table.definition },
          },
          "body.tableCell.record",
        ],
        [
          {
            page: w.guide,
            node: w.table.key,
            tableCell: { record: w.table.record, definition: "nope" },
          },
          "body.tableCell.definition",
        ],
      ];
      for (const [extra, message] of cases) {
        const res = await post(extra);
        expect(res.status, JSON.stringify(extra)).toBe(400);
        expect(res.body.error.message).toContain(message);
      }
      expect((await openCounts(w.space.id)).space).toBe(0);
    });
  });
  describe("GET /v1/spaces/{spaceId}/comments and /{commentId}", () => {
    it("pages through comments newest first (or oldest first) with an exact count", async () => {
      const w = await makeCommentWorld();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await postSpaceComment(w.owner, w.space.id)).id);
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const res = await as(w.owner.token).get(`/spaces/${w.space.id}/comments`, {
          query: { limit: 2, page },
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body.count).toBe(5);
        expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
        seen.push(...res.body.items.map((c: any) => c.id));
        page = res.body.next?.page;
      } while (page);
      expect(seen).toEqual([...ids].reverse());
      const asc = await as(w.owner.token).get(`/spaces/${w.space.id}/comments`, {
        query: { order: "asc", limit: 3 },
      });
      expect(asc.body.items.map((c: any) => c.id)).toEqual(ids.slice(0, 3));
      // A cursor is bound to its list and order.
      const other = await as(w.owner.token).get(`/spaces/${w.space.id}/comments`, {
        query: { order: "desc", page: asc.body.next.page },
      });
      expect(other.status).toBe(400);
      expect(other.body.error.message).toMatch(/^query\.page/);
    });

    it("answers 400 for bad list parameters", async () => {
      const w = await makeCommentWorld();
      const bad = [
        [{ status: "closed" }, "query.status"],
        [{ order: "up" }, "query.order"],
        [{ format: "html" }, "query.format"],
        [{ limit: 0 }, "query.limit"],
        [{ authors: Array.from({ length: 51 }, (_, i) => `u${i}`) }, "query.authors"],
      ] as const;
      for (const [query, field] of bad) {
        const res = await as(w.owner.token).get(`/spaces/${w.space.id}/comments`, {
          query: query as never,
        });
        expect(res.status, JSON.stringify(query)).toBe(400);
        expect(res.body.error.message.startsWith(field), res.body.error.message).toBe(true);
      }
    });

    it("reads one comment in one round trip; a change-request comment is not a space comment", async () => {
      const w = await makeCommentWorld();
      const reader = await makeMember(w.org.id, "read");
      const comment = await postSpaceComment(w.owner, w.space.id, { page: w.guide });
      const res = await as(reader.token).get(`/spaces/${w.space.id}/comments/${comment.id}`);
      expect(res.status).toBe(200);
      expect(d1Cost(res).roundTrips).toBe(1);
      expect(res.body).toMatchObject({ id: comment.id, target: { page: { id: w.guide } } });
      expect(res.body.permissions).toEqual({
        view: true,
        edit: false,
        reply: false,
        delete: false,
      });
      const { cr } = await makeCrWithPage(w.space.id, w.owner.user.id);
      const crComment = await as(w.owner.token).post(
        `/spaces/${w.space.id}/change-requests/${cr.id}/comments`,
        {
          body: { markdown: "on the CR" },
        },
      );
      const wrong = await as(w.owner.token).get(
        `/spaces/${w.space.id}/comments/${crComment.body.id}`,
      );
      expect(wrong.status).toBe(404);
      expect(wrong.body.error.message).toBe("Comment not found");
      const list = await as(w.owner.token).get(`/spaces/${w.space.id}/comments`);
      expect(list.body.items.map((c: any) => c.id)).toEqual([comment.id]);
    });
  });
  describe("PUT /v1/spaces/{spaceId}/comments/{commentId}", () => {
    it("lets the author edit the body (editedAt set) and refuses anyone else with 403", async () => {
      const w = await makeCommentWorld();
      const editor = await makeMember(w.org.id, "edit");
      const comment = await postSpaceComment(editor, w.space.id);
      const path = `/spaces/${w.space.id}/comments/${comment.id}`;
      const mine = await as(editor.token).put(path, { body: { markdown: "Edited" } });
      expect(mine.status, mine.text).toBe(200);
      expect(d1Cost(mine).roundTrips).toBeLessThanOrEqual(3);
      expect(mine.body.body).toEqual({ markdown: "Edited" });
      expect(typeof mine.body.editedAt).toBe("string");
      const admin = await as(w.owner.token).put(path, { body: { markdown: "Hijack" } });
      expect(admin.status).toBe(403);
      // The admin may still resolve and react: those follow the role.
      const resolved = await as(w.owner.token).put(path, {
        resolved: true,
        addedReactions: ["✅"],
      });
      expect(resolved.status, resolved.text).toBe(200);
      expect(resolved.body).toMatchObject({ status: "resolved", body: { markdown: "Edited" } });
    });

    it("validates reactions, counts each user once, removes them, and lets removal win", async () => {
      const w = await makeCommentWorld();
      const comment = await postSpaceComment(w.owner, w.space.id);
      const path = `/spaces/${w.space.id}/comments/${comment.id}`;
      const bad = await as(w.owner.token).put(path, { addedReactions: ["👍", "ab"] });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^body\.addedReactions\[1\]: /);
      const two = await as(w.owner.token).put(path, { removedReactions: ["👍👍"] });
      expect(two.body.error.message).toMatch(/^body\.removedReactions\[0\]: /);
      for (const ok of ["👍🏽", "👨‍👩‍👧", "🇫🇷", "❤️", "1️⃣"]) {
        const res = await as(w.owner.token).put(path, { addedReactions: [ok] });
        expect(res.status, ok).toBe(200);
      }
      const again = await as(w.owner.token).put(path, {
        addedReactions: ["👍🏽"],
        removedReactions: ["❤️", "🇫🇷"],
      });
      expect(again.body.reactions.map((r: any) => [r.emoji, r.count])).toEqual([
        ["👍🏽", 1],
        ["👨‍👩‍👧", 1],
        ["1️⃣", 1],
      ]);
      const removalWins = await as(w.owner.token).put(path, {
        addedReactions: ["🎉"],
        removedReactions: ["🎉"],
      });
      expect(removalWins.body.reactions.map((r: any) => r.emoji)).not.toContain("🎉");
      expect(again.body.reactions[0].users[0]).toMatchObject({ user: { id: w.owner.user.id } });
      expect(typeof again.body.reactions[0].users[0].reactedAt).toBe("string");
    });

    it("keeps the open counter exact under concurrent resolves and reopens", async () => {
      const w = await makeCommentWorld();
      const comment = await postSpaceComment(w.owner, w.space.id);
      const path = `/spaces/${w.space.id}/comments/${comment.id}`;
      await Promise.all(
        Array.from({ length: 4 }, () => as(w.owner.token).put(path, { resolved: true })),
      );
      expect((await openCounts(w.space.id)).space).toBe(0);
      await Promise.all(
        Array.from({ length: 4 }, () => as(w.owner.token).put(path, { resolved: false })),
      );
      expect((await openCounts(w.space.id)).space).toBe(1);
    });

    it("answers 400 for unknown fields and 404 for an unknown comment", async () => {
      const w = await makeCommentWorld();
      const comment = await postSpaceComment(w.owner, w.space.id);
      const bad = await as(w.owner.token).put(`/spaces/${w.space.id}/comments/${comment.id}`, {
        status: "resolved",
      });
      expect(bad.status).toBe(400);
      const bool = await as(w.owner.token).put(`/spaces/${w.space.id}/comments/${comment.id}`, {
        resolved: "yes",
      });
      expect(bool.body.error.message).toMatch(/^body\.resolved: /);
      const missing = await as(w.owner.token).put(`/spaces/${w.space.id}/comments/nope`, {
        resolved: true,
      });
      expect(missing.status).toBe(404);
    });
  });
  describe("DELETE /v1/spaces/{spaceId}/comments/{commentId}", () => {
    it("deletes the thread; the counter drops for an open comment and not for a resolved one", async () => {
      const w = await makeCommentWorld();
      const open = await postSpaceComment(w.owner, w.space.id);
      const resolved = await postSpaceComment(w.owner, w.space.id);
      const openPath = `/spaces/${w.space.id}/comments/${open.id}`;
      const resolvedPath = `/spaces/${w.space.id}/comments/${resolved.id}`;
      const reply = await postReply(w.owner, openPath);
      await as(w.owner.token).put(openPath, { addedReactions: ["👍"] });
      await as(w.owner.token).put(`${openPath}/replies/${reply.id}`, { addedReactions: ["👍"] });
      await as(w.owner.token).put(resolvedPath, { resolved: true });
      expect((await openCounts(w.space.id)).space).toBe(1);
      const gone = await as(w.owner.token).delete(resolvedPath);
      expect(gone.status).toBe(204);
      expect(d1Cost(gone).roundTrips).toBeLessThanOrEqual(3);
      expect((await openCounts(w.space.id)).space).toBe(1);
      expect(await threadRows(open.id)).toEqual({ comments: 1, replies: 1, reactions: 2 });
      expect((await as(w.owner.token).delete(openPath)).status).toBe(204);
      expect((await openCounts(w.space.id)).space).toBe(0);
      expect(await threadRows(open.id)).toEqual({ comments: 0, replies: 0, reactions: 0 });
      // Again, and an id that never existed: still 204, the counter unmoved.
      expect((await as(w.owner.token).delete(openPath)).status).toBe(204);
      expect((await as(w.owner.token).delete(`/spaces/${w.space.id}/comments/nope`)).status).toBe(
        204,
      );
      expect((await openCounts(w.space.id)).space).toBe(0);
    });

    it("lets the author delete their comment, and refuses another commenter with 403", async () => {
      const w = await makeCommentWorld();
      const author = await makeMember(w.org.id, "comment");
      const other = await makeMember(w.org.id, "comment");
      const comment = await postSpaceComment(author, w.space.id);
      const path = `/spaces/${w.space.id}/comments/${comment.id}`;
      expect((await as(other.token).delete(path)).status).toBe(403);
      expect((await as(author.token).delete(path)).status).toBe(204);
      expect((await as(author.token).get(path)).status).toBe(404);
    });

    it("keeps the counter exact under concurrent deletes", async () => {
      const w = await makeCommentWorld();
      const comment = await postSpaceComment(w.owner, w.space.id);
      await postSpaceComment(w.owner, w.space.id);
      const path = `/spaces/${w.space.id}/comments/${comment.id}`;
      await Promise.all(Array.from({ length: 4 }, () => as(w.owner.token).delete(path)));
      expect((await openCounts(w.space.id)).space).toBe(1);
    });
  });
});

describe("flow", () => {
  beforeAll(emptyStorage);
  describe("comments: tried as a new user, over HTTP", () => {
    it("comments on a page, replies, reacts, resolves, reopens, filters; the space counts open comments", async () => {
      const { org, owner } = await makeOrg();
      const teammate = await makeMember(org.id, "comment");
      const me = as(owner.token);

      const created = await me.post(`/orgs/${org.id}/spaces`, { title: "Handbook" });
      expect(created.status, created.text).toBe(201);
      const spaceId = created.body.id as string;
      const cr = await me.post(`/spaces/${spaceId}/change-requests`, { subject: "First page" });
      const content = await me.post(`/spaces/${spaceId}/change-requests/${cr.body.id}/content`, {
        changes: [
          { operation: "insert_page", title: "Welcome", document: { markdown: "Hello.\n" } },
        ],
      });
      expect(content.status, content.text).toBe(200);
      expect((await me.post(`/spaces/${spaceId}/change-requests/${cr.body.id}/merge`)).status).toBe(
        200,
      );
      const pages = await me.get(`/spaces/${spaceId}/content/pages`);
      const pageId = pages.body.pages[0].id as string;
      const openCount = async () => (await me.get(`/spaces/${spaceId}`)).body.comments as number;
      expect(await openCount()).toBe(0);

      // Comment on the page.
      const posted = await me.post(`/spaces/${spaceId}/comments`, {
        page: pageId,
        body: { markdown: "Should we say **hi**?" },
      });
      expect(posted.status, posted.text).toBe(200);
      const comment = posted.body;
      expect(comment).toMatchObject({
        object: "comment",
        status: "open",
        body: { markdown: "Should we say **hi**?" },
        target: { page: { id: pageId }, space: spaceId },
        postedBy: { id: owner.user.id },
        replies: 0,
        repliers: [],
        reactions: [],
        permissions: { view: true, edit: true, reply: true, delete: true },
      });
      const path = `/spaces/${spaceId}/comments/${comment.id}`;
      expect(comment.urls.location).toBe(`https://quire.test/v1${path}`);
      expect(await openCount()).toBe(1);

      // Two replies, one from each user.
      const r1 = await as(teammate.token).post(`${path}/replies`, { body: { markdown: "Yes" } });
      const r2 = await me.post(`${path}/replies`, { body: { markdown: "Done" } });
      expect([r1.status, r2.status]).toEqual([200, 200]);
      expect(r1.body).toMatchObject({ object: "comment-reply", body: { markdown: "Yes" } });

      // Two emoji from two users (the same emoji twice from one user counts once).
      await me.put(path, { addedReactions: ["👍", "🎉"] });
      const reacted = await as(teammate.token).put(path, { addedReactions: ["👍", "👍"] });
      expect(reacted.status, reacted.text).toBe(200);
      expect(reacted.body.reactions.map((r: any) => [r.emoji, r.count])).toEqual([
        ["👍", 2],
        ["🎉", 1],
      ]);
      expect(reacted.body.reactions[0].users.map((u: any) => u.user.id)).toEqual([
        owner.user.id,
        teammate.user.id,
      ]);
      expect(reacted.body.replies).toBe(2);
      expect(reacted.body.repliers.map((r: any) => r.user.id).sort()).toEqual(
        [owner.user.id, teammate.user.id].sort(),
      );
      // The teammate sees what they may do on someone else's comment.
      expect(reacted.body.permissions).toEqual({
        view: true,
        edit: false,
        reply: true,
        delete: false,
      });

      // Resolve, then reopen.
      const resolved = await as(teammate.token).put(path, { resolved: true });
      expect(resolved.body).toMatchObject({
        status: "resolved",
        resolvedBy: { id: teammate.user.id },
      });
      expect(typeof resolved.body.resolvedAt).toBe("string");
      expect(await openCount()).toBe(0);
      const reopened = await me.put(path, { resolved: false });
      expect(reopened.body.status).toBe("open");
      expect(reopened.body.resolvedAt).toBeUndefined();
      expect(reopened.body.resolvedBy).toBeUndefined();
      expect(await openCount()).toBe(1);

      // A second comment by the teammate, resolved; then filters.
      const second = await as(teammate.token).post(`/spaces/${spaceId}/comments`, {
        body: { markdown: "General remark" },
      });
      expect(await openCount()).toBe(2);
      await me.put(`/spaces/${spaceId}/comments/${second.body.id}`, { resolved: true });
      expect(await openCount()).toBe(1);
      const ids = async (query: Record<string, string | string[]>) => {
        const res = await me.get(`/spaces/${spaceId}/comments`, { query });
        expect(res.status, res.text).toBe(200);
        expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
        return { ids: res.body.items.map((c: any) => c.id), count: res.body.count };
      };
      expect(await ids({})).toEqual({ ids: [second.body.id, comment.id], count: 2 });
      expect(await ids({ status: "open" })).toEqual({ ids: [comment.id], count: 1 });
      expect(await ids({ status: "resolved" })).toEqual({ ids: [second.body.id], count: 1 });
      expect(await ids({ authors: teammate.user.id })).toEqual({ ids: [second.body.id], count: 1 });
      expect(await ids({ authors: [teammate.user.id, owner.user.id], order: "asc" })).toEqual({
        ids: [comment.id, second.body.id],
        count: 2,
      });
      expect(await ids({ targetPage: pageId })).toEqual({ ids: [comment.id], count: 1 });

      // Deleting the open comment removes it and its replies; the count follows.
      expect((await me.delete(path)).status).toBe(204);
      expect(await openCount()).toBe(0);
      expect((await me.get(path)).status).toBe(404);
      expect((await me.get(`${path}/replies/${r1.body.id}`)).status).toBe(404);
    });
  });
});
