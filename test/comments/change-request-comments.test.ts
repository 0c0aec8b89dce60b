import { describe, expect, it } from "vitest";
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

async function crWorld() {
  const w = await makeCommentWorld();
  const { cr, pageId } = await makeCrWithPage(w.space.id, w.owner.user.id);
  return { ...w, cr, crPage: pageId, base: `/spaces/${w.space.id}/change-requests/${cr.id}` };
}

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
    expect((await as(w.owner.token).get(`${w.base}/comments/${spaceComment.id}`)).status).toBe(404);
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
    const resolved = await as(w.owner.token).put(`${w.base}/comments/${b.id}`, { resolved: true });
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
