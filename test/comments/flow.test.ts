import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { makeMember, makeOrg } from "../helpers/factories";

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
      changes: [{ operation: "insert_page", title: "Welcome", document: { markdown: "Hello.\n" } }],
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
