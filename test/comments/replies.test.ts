import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { makeMember } from "../helpers/factories";
import {
  makeCommentWorld,
  postReply,
  postSpaceComment,
  threadRows,
} from "../helpers/comments-factories";

async function thread() {
  const w = await makeCommentWorld();
  const commenter = await makeMember(w.org.id, "comment");
  const comment = await postSpaceComment(w.owner, w.space.id);
  return { ...w, commenter, comment, path: `/spaces/${w.space.id}/comments/${comment.id}` };
}

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
    const onMissing = await as(t.owner.token).post(`/spaces/${t.space.id}/comments/nope/replies`, {
      body: { markdown: "x" },
    });
    expect(onMissing.status).toBe(404);
  });
});
