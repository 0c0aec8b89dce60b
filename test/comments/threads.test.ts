import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, warmToken } from "../helpers/api";
import { makeMember } from "../helpers/factories";
import {
  makeCommentWorld,
  makeCrWithPage,
  openCounts,
  postReply,
  postSpaceComment,
  threadRows,
} from "../helpers/comments-factories";
import { env } from "cloudflare:test";
import { markdownOf } from "../../src/content/documents";
import { newId } from "../../src/lib/ids";
import { emptyStorage } from "../helpers/storage";

async function crWorld() {
  const w = await makeCommentWorld();
  const { cr, pageId } = await makeCrWithPage(w.space.id, w.owner.user.id);
  return { ...w, cr, crPage: pageId, base: `/spaces/${w.space.id}/change-requests/${cr.id}` };
}

async function thread() {
  const w = await makeCommentWorld();
  const commenter = await makeMember(w.org.id, "comment");
  const comment = await postSpaceComment(w.owner, w.space.id);
  return { ...w, commenter, comment, path: `/spaces/${w.space.id}/comments/${comment.id}` };
}

/** A body whose markdown form is not the text posted (emphasis markers, list bullets, escapes). */
const RICH =
  "Some __bold__ and *em* with `code`, a [link](https://example.com) and 1\\*2.\n\n* one\n* two\n\n> quoted\n";

/** The markdown the API has always returned for a document: rendered, trailing newlines cut. */
function markdownOfDocument(document: unknown): string {
  return markdownOf(JSON.stringify(document)).replace(/\n+$/, "");
}

/** The stored markdown column of a comment or reply row. */
async function storedMarkdown(table: "comments" | "comment_replies", id: string) {
  const row = await env.DB.prepare(`SELECT markdown FROM ${table} WHERE id = ?`)
    .bind(id)
    .first<{ markdown: string | null }>();
  return row?.markdown;
}

/** Reads `path` in both formats; the markdown must be the markdown of the document form. */
async function expectSameMarkdown(token: string, path: string) {
  const md = await as(token).get(path);
  const doc = await as(token).get(path, { query: { format: "document" } });
  expect(md.status, md.text).toBe(200);
  expect(doc.status, doc.text).toBe(200);
  expect(md.body.body.markdown).toBe(markdownOfDocument(doc.body.body.document));
  return md.body.body.markdown as string;
}

/** The body of one comment of a list page, in a format. */
async function listedBody(token: string, spaceId: string, id: string, format: string) {
  const res = await as(token).get(`/spaces/${spaceId}/comments`, { query: { format, limit: 50 } });
  expect(res.status, res.text).toBe(200);
  return res.body.items.find((c: { id: string }) => c.id === id).body;
}

describe("change-request-comments", () => {
  describe("comments on change requests", () => {
    it("targets the change request's revision, by id or by number, and counts on the change request", async () => {
      const w = await crWorld();
      await warmToken(w.owner.token); // steady state: the isolate knows the token
      const res = await as(w.owner.token).post(`${w.base}/comments`, {
        page: w.crPage,
        body: { markdown: "New page looks good" },
      });
      expect(res.status, res.text).toBe(200);
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
      expect(res.body.target).toEqual({
        changeRequest: w.cr.id,
        page: { id: w.crPage },
        space: w.space.id,
        revision: w.cr.revisionId,
      });
      expect(res.body.urls.location).toBe(`https://quire.test/v1${w.base}/comments/${res.body.id}`);
      expect(await openCounts(w.space.id, w.cr.id)).toEqual({ space: 0, cr: 1 });
      const byNumber = `/spaces/${w.space.id}/change-requests/${w.cr.number}/comments`;
      const listed = await as(w.owner.token).get(byNumber);
      expect(listed.status, listed.text).toBe(200);
      expect(d1Cost(listed).roundTrips).toBeLessThanOrEqual(2);
      expect(listed.body).toMatchObject({ count: 1, items: [{ id: res.body.id }] });
      const viaCr = await as(w.owner.token).get(`/spaces/${w.space.id}/change-requests/${w.cr.id}`);
      expect(viaCr.body.comments).toBe(1);
      // Main pages exist in the change request's revision too; a page unknown there is a 400.
      const onMain = await as(w.owner.token).post(`${w.base}/comments`, {
        page: w.guide,
        node: w.heading,
        body: {},
      });
      expect(onMain.status, onMain.text).toBe(200);
      const unknown = await as(w.owner.token).post(`${w.base}/comments`, {
        page: "neverexisted",
        body: {},
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toMatch(/^body\.page: /);
    });

    it("keeps space and change-request comments apart", async () => {
      const w = await crWorld();
      const spaceComment = await postSpaceComment(w.owner, w.space.id);
      const crComment = (
        await as(w.owner.token).post(`${w.base}/comments`, { body: { markdown: "x" } })
      ).body;
      expect((await as(w.owner.token).get(`${w.base}/comments/${spaceComment.id}`)).status).toBe(
        404,
      );
      expect((await as(w.owner.token).get(`${w.base}/comments/${crComment.id}`)).status).toBe(200);
      const list = await as(w.owner.token).get(`${w.base}/comments`);
      expect(list.body.items.map((c: any) => c.id)).toEqual([crComment.id]);
      // Deleting a space comment through the change request path deletes nothing.
      expect((await as(w.owner.token).delete(`${w.base}/comments/${spaceComment.id}`)).status).toBe(
        204,
      );
      expect((await threadRows(spaceComment.id)).comments).toBe(1);
      const unknownCr = await as(w.owner.token).get(
        `/spaces/${w.space.id}/change-requests/999/comments`,
      );
      expect(unknownCr.status).toBe(404);
      expect(unknownCr.body.error.message).toBe("Change request not found");
    });

    it("updates, filters, and deletes change-request comments with an exact counter", async () => {
      const w = await crWorld();
      const reviewer = await makeMember(w.org.id, "review");
      const a = (
        await as(w.owner.token).post(`${w.base}/comments`, {
          page: w.crPage,
          body: { markdown: "a" },
        })
      ).body;
      const b = (await as(reviewer.token).post(`${w.base}/comments`, { body: { markdown: "b" } }))
        .body;
      const resolved = await as(w.owner.token).put(`${w.base}/comments/${b.id}`, {
        resolved: true,
      });
      expect(resolved.status, resolved.text).toBe(200);
      expect(resolved.body).toMatchObject({
        status: "resolved",
        resolvedBy: { id: w.owner.user.id },
      });
      expect((await openCounts(w.space.id, w.cr.id)).cr).toBe(1);
      const q = (query: Record<string, string>) =>
        as(w.owner.token).get(`${w.base}/comments`, { query });
      expect((await q({ status: "resolved" })).body.items.map((c: any) => c.id)).toEqual([b.id]);
      expect((await q({ authors: w.owner.user.id })).body.items.map((c: any) => c.id)).toEqual([
        a.id,
      ]);
      expect((await q({ targetPage: w.crPage })).body.count).toBe(1);
      expect((await as(w.owner.token).delete(`${w.base}/comments/${b.id}`)).status).toBe(204);
      expect((await openCounts(w.space.id, w.cr.id)).cr).toBe(1);
      expect((await as(w.owner.token).delete(`${w.base}/comments/${a.id}`)).status).toBe(204);
      expect((await openCounts(w.space.id, w.cr.id)).cr).toBe(0);
    });

    it("replies: list, post, get, update and delete under the change request", async () => {
      const w = await crWorld();
      const comment = (
        await as(w.owner.token).post(`${w.base}/comments`, { body: { markdown: "c" } })
      ).body;
      const path = `${w.base}/comments/${comment.id}`;
      const posted = await as(w.owner.token).post(
        `${path}/replies`,
        { body: { markdown: "r" } },
        {
          query: { format: "document" },
        },
      );
      expect(posted.status, posted.text).toBe(200);
      expect(posted.body.body.document.object).toBe("document");
      expect(posted.body.urls.location).toBe(
        `https://quire.test/v1${path}/replies/${posted.body.id}`,
      );
      await postReply(w.owner, path, "r2");
      const list = await as(w.owner.token).get(`${path}/replies`);
      expect(list.body.count).toBe(2);
      const replyPath = `${path}/replies/${posted.body.id}`;
      expect((await as(w.owner.token).get(replyPath)).body.body).toEqual({ markdown: "r" });
      const updated = await as(w.owner.token).put(replyPath, { body: { markdown: "r, edited" } });
      expect(updated.body.body).toEqual({ markdown: "r, edited" });
      expect((await as(w.owner.token).delete(replyPath)).status).toBe(204);
      expect((await as(w.owner.token).get(path)).body.replies).toBe(1);
      // The reply is not reachable through the space comment paths.
      const viaSpace = await as(w.owner.token).get(
        `/spaces/${w.space.id}/comments/${comment.id}/replies`,
      );
      expect(viaSpace.status).toBe(404);
    });
  });
});

describe("replies", () => {
  beforeAll(emptyStorage);
  describe("replies to space comments", () => {
    it("posts replies; the comment counts them and lists each replier once with their latest time", async () => {
      const t = await thread();
      const first = await as(t.commenter.token).post(`${t.path}/replies`, {
        body: { markdown: "One" },
      });
      expect(first.status, first.text).toBe(200);
      expect(d1Cost(first).roundTrips).toBeLessThanOrEqual(3);
      expect(first.body).toMatchObject({
        object: "comment-reply",
        body: { markdown: "One" },
        postedBy: { id: t.commenter.user.id },
        reactions: [],
        permissions: { view: true, edit: true, reply: true, delete: true },
      });
      expect(first.body.urls.location).toBe(
        `https://quire.test/v1${t.path}/replies/${first.body.id}`,
      );
      await postReply(t.commenter, t.path, "Two");
      const last = await postReply(t.owner, t.path, "Three");
      const comment = (await as(t.owner.token).get(t.path)).body;
      expect(comment.replies).toBe(3);
      expect(comment.repliers).toHaveLength(2);
      const [latest, earlier] = comment.repliers;
      expect(latest).toMatchObject({
        count: 1,
        user: { id: t.owner.user.id },
        updatedAt: last.postedAt,
      });
      expect(earlier).toMatchObject({ count: 2, user: { id: t.commenter.user.id } });
    });

    it("lists replies oldest first with paging, an exact count and the format asked for", async () => {
      const t = await thread();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await postReply(t.owner, t.path, `R${i}`)).id);
      const first = await as(t.commenter.token).get(`${t.path}/replies`, { query: { limit: 2 } });
      expect(first.status, first.text).toBe(200);
      expect(d1Cost(first).roundTrips).toBeLessThanOrEqual(2);
      expect(first.body.count).toBe(3);
      expect(first.body.items.map((r: any) => r.id)).toEqual(ids.slice(0, 2));
      const second = await as(t.commenter.token).get(`${t.path}/replies`, {
        query: { limit: 2, page: first.body.next.page, format: "document" },
      });
      expect(second.body.items.map((r: any) => r.id)).toEqual([ids[2]]);
      expect(second.body.items[0].body.document.object).toBe("document");
      expect(second.body.next).toBeUndefined();
      const bad = await as(t.owner.token).get(`${t.path}/replies`, { query: { page: "x.y" } });
      expect(bad.status).toBe(400);
      const missing = await as(t.owner.token).get(`/spaces/${t.space.id}/comments/nope/replies`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe("Comment not found");
    });

    it("reads, edits (author only), reacts to and deletes a reply", async () => {
      const t = await thread();
      const reply = await postReply(t.commenter, t.path, "Mine");
      const path = `${t.path}/replies/${reply.id}`;
      const got = await as(t.owner.token).get(path);
      expect(got.status).toBe(200);
      expect(d1Cost(got).roundTrips).toBe(1);
      expect(got.body.permissions).toEqual({ view: true, edit: false, reply: true, delete: true });
      expect((await as(t.owner.token).put(path, { body: { markdown: "Not yours" } })).status).toBe(
        403,
      );
      const edited = await as(t.commenter.token).put(path, {
        body: { markdown: "Mine, edited" },
        addedReactions: ["🎉"],
      });
      expect(edited.status, edited.text).toBe(200);
      expect(d1Cost(edited).roundTrips).toBeLessThanOrEqual(3);
      expect(edited.body).toMatchObject({
        body: { markdown: "Mine, edited" },
        reactions: [{ emoji: "🎉", count: 1 }],
      });
      expect(typeof edited.body.editedAt).toBe("string");
      const reacted = await as(t.owner.token).put(path, { addedReactions: ["🎉"] });
      expect(reacted.body.reactions).toMatchObject([{ emoji: "🎉", count: 2 }]);
      const unreacted = await as(t.owner.token).put(path, { removedReactions: ["🎉"] });
      expect(unreacted.body.reactions).toMatchObject([{ emoji: "🎉", count: 1 }]);
      // The reaction on the reply belongs to the thread; the comment's own reactions are separate.
      expect((await as(t.owner.token).get(t.path)).body.reactions).toEqual([]);
      const other = await makeMember(t.org.id, "comment");
      expect((await as(other.token).delete(path)).status).toBe(403);
      expect((await as(t.commenter.token).delete(path)).status).toBe(204);
      expect((await as(t.commenter.token).get(path)).status).toBe(404);
      expect((await as(t.commenter.token).delete(path)).status).toBe(204);
      expect(await threadRows(t.comment.id)).toEqual({ comments: 1, replies: 0, reactions: 0 });
      expect((await as(t.owner.token).get(t.path)).body.replies).toBe(0);
    });

    it("answers 400 for bad reply bodies and a resolved flag, 404 for a reply of another comment", async () => {
      const t = await thread();
      const reply = await postReply(t.owner, t.path);
      const path = `${t.path}/replies/${reply.id}`;
      const noBody = await as(t.owner.token).post(`${t.path}/replies`, {});
      expect(noBody.status).toBe(400);
      expect(noBody.body.error.message).toMatch(/^body\.body: /);
      const resolved = await as(t.owner.token).put(path, { resolved: true });
      expect(resolved.status).toBe(400);
      const emoji = await as(t.owner.token).put(path, { addedReactions: ["not emoji"] });
      expect(emoji.body.error.message).toMatch(/^body\.addedReactions\[0\]: /);
      const another = await postSpaceComment(t.owner, t.space.id);
      const wrong = await as(t.owner.token).get(
        `/spaces/${t.space.id}/comments/${another.id}/replies/${reply.id}`,
      );
      expect(wrong.status).toBe(404);
      expect(wrong.body.error.message).toBe("Comment reply not found");
      const onMissing = await as(t.owner.token).post(
        `/spaces/${t.space.id}/comments/nope/replies`,
        {
          body: { markdown: "x" },
        },
      );
      expect(onMissing.status).toBe(404);
    });
  });
});

describe("markdown", () => {
  beforeAll(emptyStorage);
  describe("comment markdown written with the body", () => {
    it("a comment reads (one, listed) as the markdown of its document, after posting and after an edit", async () => {
      const w = await makeCommentWorld();
      const comment = await postSpaceComment(w.owner, w.space.id, { body: { markdown: RICH } });
      const path = `/spaces/${w.space.id}/comments/${comment.id}`;
      const posted = await expectSameMarkdown(w.owner.token, path);
      expect(comment.body.markdown).toBe(posted);
      expect(posted).not.toBe(RICH.replace(/\n+$/, ""));
      expect(await storedMarkdown("comments", comment.id)).toBe(posted);
      const listed = await listedBody(w.owner.token, w.space.id, comment.id, "document");
      expect((await listedBody(w.owner.token, w.space.id, comment.id, "markdown")).markdown).toBe(
        markdownOfDocument(listed.document),
      );

      // An edit given as a document (the one another comment stores).
      const other = await postSpaceComment(w.owner, w.space.id, {
        body: { markdown: "Edited *text*" },
      });
      const otherPath = `/spaces/${w.space.id}/comments/${other.id}`;
      const { document } = (
        await as(w.owner.token).get(otherPath, { query: { format: "document" } })
      ).body.body;
      const edit = await as(w.owner.token).put(path, { body: { document } });
      expect(edit.status, edit.text).toBe(200);
      const edited = await expectSameMarkdown(w.owner.token, path);
      expect(edited).toBe("Edited _text_");
      expect(edited).not.toBe(posted);
      expect(edit.body.body.markdown).toBe(edited);
      expect(await storedMarkdown("comments", comment.id)).toBe(edited);
      expect((await listedBody(w.owner.token, w.space.id, comment.id, "markdown")).markdown).toBe(
        edited,
      );
    });

    it("a reply reads (one, listed) as the markdown of its document, after posting and after an edit", async () => {
      const w = await makeCommentWorld();
      const comment = await postSpaceComment(w.owner, w.space.id);
      const commentPath = `/spaces/${w.space.id}/comments/${comment.id}`;
      const reply = await postReply(w.owner, commentPath, RICH);
      const path = `${commentPath}/replies/${reply.id}`;
      const posted = await expectSameMarkdown(w.owner.token, path);
      expect(reply.body.markdown).toBe(posted);
      expect(await storedMarkdown("comment_replies", reply.id)).toBe(posted);

      const edit = await as(w.owner.token).put(path, {
        body: { markdown: "Now **strong**\n\n\n" },
      });
      expect(edit.status, edit.text).toBe(200);
      const edited = await expectSameMarkdown(w.owner.token, path);
      expect(edit.body.body.markdown).toBe(edited);
      expect(await storedMarkdown("comment_replies", reply.id)).toBe(edited);
      const list = await as(w.owner.token).get(`${commentPath}/replies`);
      expect(list.status, list.text).toBe(200);
      expect(list.body.items[0].body.markdown).toBe(edited);
    });

    it("rows written before the markdown column (null) still read as the markdown of their document", async () => {
      const w = await makeCommentWorld();
      // A body as the API stores it, taken from a comment posted the ordinary way.
      const source = await postSpaceComment(w.owner, w.space.id, { body: { markdown: RICH } });
      const stored = await env.DB.prepare(`SELECT body FROM comments WHERE id = ?`)
        .bind(source.id)
        .first<{ body: string }>();
      const document = JSON.parse(stored!.body) as unknown;
      const expected = markdownOfDocument(document);
      const commentId = newId();
      const replyId = newId();
      const at = new Date().toISOString();
      await env.DB.batch([
        env.DB.prepare(
          `INSERT INTO comments (id, space_id, posted_by, posted_at, body, revision_id)
         VALUES (?, ?, ?, ?, ?, ?)`,
        ).bind(
          commentId,
          w.space.id,
          w.owner.user.id,
          at,
          JSON.stringify(document),
          w.space.revisionId,
        ),
        env.DB.prepare(`UPDATE spaces SET comments_open = comments_open + 1 WHERE id = ?`).bind(
          w.space.id,
        ),
        env.DB.prepare(
          `INSERT INTO comment_replies (id, comment_id, posted_by, posted_at, body)
         VALUES (?, ?, ?, ?, ?)`,
        ).bind(replyId, commentId, w.owner.user.id, at, JSON.stringify(document)),
      ]);
      expect(await storedMarkdown("comments", commentId)).toBeNull();
      expect(await storedMarkdown("comment_replies", replyId)).toBeNull();

      const path = `/spaces/${w.space.id}/comments/${commentId}`;
      expect(await expectSameMarkdown(w.owner.token, path)).toBe(expected);
      expect(await expectSameMarkdown(w.owner.token, `${path}/replies/${replyId}`)).toBe(expected);
      const listed = await listedBody(w.owner.token, w.space.id, commentId, "markdown");
      expect(listed.markdown).toBe(expected);
      const replies = await as(w.owner.token).get(`${path}/replies`);
      expect(replies.status, replies.text).toBe(200);
      expect(replies.body.items[0].body.markdown).toBe(expected);

      // A stored markdown is what reads return: they do not render the body again.
      await env.DB.prepare(`UPDATE comments SET markdown = 'stored' WHERE id = ?`)
        .bind(commentId)
        .run();
      expect((await as(w.owner.token).get(path)).body.body.markdown).toBe("stored");
      expect((await listedBody(w.owner.token, w.space.id, commentId, "markdown")).markdown).toBe(
        "stored",
      );
    });
  });
});
