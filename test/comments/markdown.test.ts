import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeCommentWorld, postReply, postSpaceComment } from "../helpers/comments-factories";
import { markdownOf } from "../../src/content/documents";
import { newId } from "../../src/lib/ids";

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
    const { document } = (await as(w.owner.token).get(otherPath, { query: { format: "document" } }))
      .body.body;
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

    const edit = await as(w.owner.token).put(path, { body: { markdown: "Now **strong**\n\n\n" } });
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
