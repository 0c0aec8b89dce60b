import { describe, expect, it, beforeAll } from "vitest";
import { as } from "../helpers/api";
import { makeMember, makeOrgWithRoles } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { createCr, postContent, postMerge } from "../helpers/change-requests-factories";
import { emptyStorage } from "../helpers/storage";

/** A space of an organization with one member per role; a change request by the `edit` member. */
async function reviewWorld() {
  const world = await makeOrgWithRoles();
  const space = await makeSpace(world.org.id, world.owner);
  const cr = await createCr(world.roles.edit, space.id);
  const base = `/spaces/${space.id}/change-requests/${cr.id}`;
  return { ...world, space, cr, base };
}

/** A space whose merge rules (its own, or its organization's) name the `review` member. */
async function ruledWorld(level: "space" | "organization") {
  const world = await makeOrgWithRoles();
  const space = await makeSpace(world.org.id, world.owner);
  const mergeRules = {
    type: "rules",
    rules: [{ rule: "require_specific_reviewers", users: [world.roles.review.user.id] }],
  };
  const owner = as(world.owner.token);
  const set =
    level === "space"
      ? await owner.patch(`/spaces/${space.id}`, { mergeRules })
      : await owner.patch(`/orgs/${world.org.id}`, { mergeRules });
  expect(set.status, set.text).toBe(200);
  const cr = await createCr(world.roles.edit, space.id);
  const base = `/spaces/${space.id}/change-requests/${cr.id}`;
  return { ...world, space, cr, base };
}

describe("reviews", () => {
  describe("requested reviewers", () => {
    it("asks members to review, lists them with their requester and revision, and re-asks", async () => {
      const w = await reviewWorld();
      const editor = as(w.roles.edit.token);
      const users = [w.roles.review.user.id, w.roles.read.user.id];
      const asked = await editor.post(`${w.base}/requested-reviewers`, {
        users,
        subject: "Ready for review",
      });
      expect(asked.status, asked.text).toBe(200);
      expect(asked.body.users).toHaveLength(2);
      const first = asked.body.users[0];
      expect(first).toMatchObject({
        object: "change-request-requested-reviewer",
        kind: "user",
        revision: w.cr.revision,
        requestedBy: { object: "user", id: w.roles.edit.user.id },
      });
      expect(users).toContain(first.user.id);
      const cr = await editor.get(w.base);
      expect(cr.body.subject).toBe("Ready for review");

      const listed = await editor.get(`${w.base}/requested-reviewers`, { query: { limit: 1 } });
      expect(listed.status).toBe(200);
      expect(listed.body.count).toBe(2);
      expect(listed.body.items).toHaveLength(1);
      const rest = await editor.get(`${w.base}/requested-reviewers`, {
        query: { limit: 1, page: listed.body.next.page },
      });
      expect(rest.body.items).toHaveLength(1);
      expect(rest.body.next).toBeUndefined();
      const seen = [listed.body.items[0].user.id, rest.body.items[0].user.id];
      expect(seen.sort()).toEqual([...users].sort());

      const again = await as(w.owner.token).post(`${w.base}/requested-reviewers`, {
        users: [w.roles.review.user.id],
      });
      expect(again.body.users[0].requestedBy.id).toBe(w.owner.user.id);
      const after = await editor.get(`${w.base}/requested-reviewers`);
      expect(after.body.count).toBe(2);
    });

    it("refuses users who are not members, and the change request's author, naming the entry", async () => {
      const w = await reviewWorld();
      const editor = as(w.roles.edit.token);
      const outsider = await editor.post(`${w.base}/requested-reviewers`, {
        users: [w.roles.review.user.id, w.outsider.user.id],
      });
      expect(outsider.status).toBe(400);
      expect(outsider.body.error.message).toMatch(/users\[1\]/);
      const author = await editor.post(`${w.base}/requested-reviewers`, {
        users: [w.roles.edit.user.id],
      });
      expect(author.status).toBe(400);
      expect(author.body.error.message).toMatch(/users\[0\].*author/);
      const empty = await editor.post(`${w.base}/requested-reviewers`, { users: [] });
      expect(empty.status).toBe(400);
      const list = await editor.get(`${w.base}/requested-reviewers`);
      expect(list.body.count).toBe(0);
    });

    it("removes a requested reviewer (205), and answers 204 for one that is not requested", async () => {
      const w = await reviewWorld();
      const editor = as(w.roles.edit.token);
      await editor.post(`${w.base}/requested-reviewers`, { users: [w.roles.review.user.id] });
      const path = `${w.base}/requested-reviewers/${w.roles.review.user.id}`;
      expect((await editor.delete(path)).status).toBe(205);
      expect((await editor.delete(path)).status).toBe(204);
      expect((await editor.get(`${w.base}/requested-reviewers`)).body.count).toBe(0);
    });
  });
  describe("reviews", () => {
    it("submits a review with a comment: 201, Location, the official object, a comment on the change request", async () => {
      const w = await reviewWorld();
      await as(w.owner.token).post(`${w.base}/requested-reviewers`, {
        users: [w.roles.review.user.id],
      });
      const comment = {
        nodes: [
          {
            object: "block",
            type: "paragraph",
            nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Looks good" }] }],
          },
        ],
      };
      const res = await as(w.roles.review.token).post(`${w.base}/reviews`, {
        status: "approved",
        comment: { object: "document", data: {}, ...comment },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({
        object: "change-request-review",
        revision: w.cr.revision,
        reviewer: { id: w.roles.review.user.id },
        requestedBy: { id: w.owner.user.id },
        status: "approved",
        outdated: false,
        comment: { object: "comment", body: { markdown: "Looks good" } },
      });
      expect(res.body.updatedAt).toBe(res.body.createdAt);
      expect(res.headers.get("location")).toBe(res.body.urls.location);
      const one = await as(w.guest.token).get(`${w.base}/reviews/${res.body.id}`, {
        query: { format: "document" },
      });
      // The guest has no role on the space: the review is as hidden as the change request.
      expect(one.status).toBe(404);
      const read = await as(w.roles.read.token).get(`${w.base}/reviews/${res.body.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({
        ...res.body,
        comment: { ...res.body.comment, permissions: read.body.comment.permissions },
      });
      const comments = await as(w.roles.read.token).get(`${w.base}/comments`);
      expect(comments.body.items.map((c: { id: string }) => c.id)).toEqual([res.body.comment.id]);
    });

    it("lets a requested reader review, refuses an unrequested one and the author (403)", async () => {
      const w = await reviewWorld();
      const reader = as(w.roles.read.token);
      const unasked = await reader.post(`${w.base}/reviews`, { status: "approved" });
      expect(unasked.status).toBe(403);
      await as(w.owner.token).post(`${w.base}/requested-reviewers`, {
        users: [w.roles.read.user.id],
      });
      expect((await reader.post(`${w.base}/reviews`, { status: "approved" })).status).toBe(201);
      // A reader may not comment: a review with a comment needs the comment role.
      const withComment = await reader.post(`${w.base}/reviews`, {
        status: "approved",
        comment: { object: "document", data: {}, nodes: [] },
      });
      expect(withComment.status).toBe(403);
      // An author with the review role is still refused their own change request.
      const own = await createCr(w.roles.create, w.space.id);
      const author = await as(w.roles.create.token).post(
        `/spaces/${w.space.id}/change-requests/${own.id}/reviews`,
        { status: "approved" },
      );
      expect(author.status).toBe(403);
      expect(author.body.error.message).toMatch(/author/);
    });

    it("marks a review outdated once the content changes or the reviewer reviews again", async () => {
      const w = await reviewWorld();
      const reviewer = as(w.roles.review.token);
      const first = await reviewer.post(`${w.base}/reviews`, { status: "changes-requested" });
      const edited = await postContent(w.roles.edit, w.space.id, w.cr.id, [
        { operation: "insert_page", title: "New", document: { markdown: "text\n" } },
      ]);
      expect(edited.status, edited.text).toBe(200);
      const second = await reviewer.post(`${w.base}/reviews`, { status: "approved" });
      const third = await as(w.roles.create.token).post(`${w.base}/reviews`, {
        status: "approved",
      });
      expect(second.body.revision).not.toBe(first.body.revision);
      const all = await reviewer.get(`${w.base}/reviews`);
      expect(all.body.count).toBe(3);
      const byId = new Map(
        all.body.items.map((r: { id: string; outdated: boolean }) => [r.id, r.outdated]),
      );
      expect(byId.get(first.body.id)).toBe(true);
      expect(byId.get(second.body.id)).toBe(false);
      expect(byId.get(third.body.id)).toBe(false);
      const current = await reviewer.get(`${w.base}/reviews`, { query: { outdated: "false" } });
      expect(current.body.count).toBe(2);
      const old = await reviewer.get(`${w.base}/reviews`, { query: { outdated: "true" } });
      expect(old.body.items.map((r: { id: string }) => r.id)).toEqual([first.body.id]);
      // Asked again after reviewing: the earlier review no longer speaks for them.
      await as(w.owner.token).post(`${w.base}/requested-reviewers`, {
        users: [w.roles.create.user.id],
      });
      const one = await reviewer.get(`${w.base}/reviews/${third.body.id}`);
      expect(one.body.outdated).toBe(true);
    });

    it("pages newest first with cursors bound to the list", async () => {
      const w = await reviewWorld();
      const ids: string[] = [];
      for (const who of [w.roles.review, w.roles.create, w.owner]) {
        ids.push((await as(who.token).post(`${w.base}/reviews`, { status: "approved" })).body.id);
      }
      const reader = as(w.roles.read.token);
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const res = await reader.get(`${w.base}/reviews`, {
          query: page ? { limit: 2, page } : { limit: 2 },
        });
        expect(res.body.count).toBe(3);
        seen.push(...res.body.items.map((r: { id: string }) => r.id));
        page = res.body.next?.page;
      } while (page);
      expect([...seen].sort()).toEqual([...ids].sort());
      const foreign = await reader.get(`${w.base}/requested-reviewers`, {
        query: {
          page: (await reader.get(`${w.base}/reviews`, { query: { limit: 1 } })).body.next.page,
        },
      });
      expect(foreign.status).toBe(400);
    });

    it("answers 404 for a review of another change request, and 409 on a merged one", async () => {
      const w = await reviewWorld();
      const review = await as(w.roles.review.token).post(`${w.base}/reviews`, {
        status: "approved",
      });
      const other = await createCr(w.roles.edit, w.space.id);
      const path = `/spaces/${w.space.id}/change-requests/${other.id}/reviews/${review.body.id}`;
      expect((await as(w.owner.token).get(path)).status).toBe(404);
      const merged = await as(w.owner.token).post(`${w.base}/merge`);
      expect(merged.status, merged.text).toBe(200);
      const late = await as(w.roles.create.token).post(`${w.base}/reviews`, { status: "approved" });
      expect(late.status).toBe(409);
      const member = await makeMember(w.org.id, "review");
      const ask = await as(w.owner.token).post(`${w.base}/requested-reviewers`, {
        users: [member.user.id],
      });
      expect(ask.status).toBe(409);
    });
  });
});

describe("reviews-merge", () => {
  beforeAll(emptyStorage);
  describe("require_specific_reviewers at merge", () => {
    it("refuses the merge (409) until the named reviewer approved the latest content", async () => {
      const w = await ruledWorld("space");
      const blocked = await postMerge(w.owner, w.space.id, w.cr.id);
      expect(blocked.status).toBe(409);
      expect(blocked.body).toEqual({
        error: { code: 409, message: expect.stringMatching(/require_specific_reviewers/) },
      });
      const reviewer = as(w.roles.review.token);
      // Someone else's approval does not count; the named reviewer's changes-requested blocks.
      await as(w.roles.create.token).post(`${w.base}/reviews`, { status: "approved" });
      await reviewer.post(`${w.base}/reviews`, { status: "changes-requested" });
      expect((await postMerge(w.owner, w.space.id, w.cr.id)).status).toBe(409);
      await reviewer.post(`${w.base}/reviews`, { status: "approved" });
      // The content changes after the approval: the approval is outdated.
      const edited = await postContent(w.roles.edit, w.space.id, w.cr.id, [
        { operation: "insert_page", title: "Late", document: { markdown: "late\n" } },
      ]);
      expect(edited.status, edited.text).toBe(200);
      expect((await postMerge(w.owner, w.space.id, w.cr.id)).status).toBe(409);
      await reviewer.post(`${w.base}/reviews`, { status: "approved" });
      const merged = await postMerge(w.owner, w.space.id, w.cr.id);
      expect(merged.status, merged.text).toBe(200);
    });

    it("a later changes-requested supersedes the named reviewer's approval", async () => {
      const w = await ruledWorld("space");
      const reviewer = as(w.roles.review.token);
      await reviewer.post(`${w.base}/reviews`, { status: "approved" });
      await reviewer.post(`${w.base}/reviews`, { status: "changes-requested" });
      expect((await postMerge(w.owner, w.space.id, w.cr.id)).status).toBe(409);
    });

    it("applies the organization's rules to a space that inherits them", async () => {
      const w = await ruledWorld("organization");
      expect((await postMerge(w.owner, w.space.id, w.cr.id)).status).toBe(409);
      await as(w.roles.review.token).post(`${w.base}/reviews`, { status: "approved" });
      expect((await postMerge(w.owner, w.space.id, w.cr.id)).status).toBe(200);
    });

    it("exempts the author from a rule naming them (an author cannot review their own)", async () => {
      const w = await ruledWorld("space");
      const own = await createCr(w.roles.review, w.space.id);
      const merged = await postMerge(w.owner, w.space.id, own.id);
      expect(merged.status, merged.text).toBe(200);
    });

    it("a space whose rules are none merges without reviews", async () => {
      const w = await ruledWorld("organization");
      const none = await as(w.owner.token).patch(`/spaces/${w.space.id}`, {
        mergeRules: { type: "none" },
      });
      expect(none.status, none.text).toBe(200);
      expect((await postMerge(w.owner, w.space.id, w.cr.id)).status).toBe(200);
    });
  });
});
