import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeOrgWithRoles } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { createCr, postContent, postMerge } from "../helpers/change-requests-factories";

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
