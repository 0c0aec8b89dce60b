import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { spaces } from "../../src/db/schema";
import { as } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, testDb } from "../helpers/factories";
import { grantSpace, makeSpace } from "../helpers/spaces-factories";
import {
  createCr,
  crRow,
  mainTree,
  makeCrWorld,
  markdownOfHash,
  postContent,
  postMerge,
  seedThroughCr,
  spaceRow,
} from "../helpers/change-requests-factories";

/** A space whose main holds pages A ("one") and B ("First.\n\nSecond.\n\nThird.\n"). */
async function seeded() {
  const world = await makeCrWorld();
  const tree = await seedThroughCr(world.owner, world.space.id, [
    { operation: "insert_page", title: "A", document: { markdown: "one\n" } },
    {
      operation: "insert_page",
      title: "B",
      document: { markdown: "First.\n\nSecond.\n\nThird.\n" },
    },
  ]);
  const [a, b] = tree.roots.map((n) => n.row.pageId);
  return { ...world, a: a!, b: b! };
}

async function mainMarkdown(spaceId: string, pageId: string) {
  return markdownOfHash((await mainTree(spaceId)).byId.get(pageId)!.row.documentHash);
}

async function edit(user: Parameters<typeof createCr>[0], spaceId: string, changes: unknown[]) {
  const cr = await createCr(user, spaceId);
  const res = await postContent(user, spaceId, cr.id, changes);
  expect(res.status, res.text).toBe(200);
  return cr;
}

describe("POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", () => {
  it("merges change requests forked from the same base that touched other pages or lines", async () => {
    const { owner, space, a, b } = await seeded();
    const first = await edit(owner, space.id, [
      { operation: "update_page", page: a, document: { markdown: "one, edited\n" } },
    ]);
    const second = await edit(owner, space.id, [
      { operation: "update_page", page: b, title: "B2" },
    ]);
    const third = await edit(owner, space.id, [
      {
        operation: "update_page",
        page: b,
        document: { markdown: "First.\n\nSecond.\n\nThird, edited.\n" },
      },
    ]);
    for (const cr of [first, second, third]) {
      const res = await postMerge(owner, space.id, cr.id);
      expect(res.status, res.text).toBe(200);
      expect(res.body.result).toBe("merge");
    }
    const main = await mainTree(space.id);
    expect(main.roots.map((n) => n.row.title)).toEqual(["A", "B2"]);
    expect(await mainMarkdown(space.id, a)).toBe("one, edited\n");
    expect(await mainMarkdown(space.id, b)).toBe("First.\n\nSecond.\n\nThird, edited.\n");
    const read = await as(owner.token).get(`/spaces/${space.id}/change-requests/${first.id}`);
    expect(read.body).toMatchObject({
      status: "merged",
      outdated: false,
      mergedBy: { id: owner.user.id },
    });
    expect(read.body.revisionMerged).toBeDefined();
    expect(read.body.mergedAt).toBeDefined();
  });

  it("answers 409 naming the page when the same lines changed, and writes nothing", async () => {
    const { owner, space, b } = await seeded();
    const one = await edit(owner, space.id, [
      {
        operation: "update_page",
        page: b,
        document: { markdown: "First, edited.\n\nSecond.\n\nThird.\n" },
      },
    ]);
    const two = await edit(owner, space.id, [
      {
        operation: "update_page",
        page: b,
        document: { markdown: "First, changed.\n\nSecond.\n\nThird.\n" },
      },
    ]);
    expect((await postMerge(owner, space.id, one.id)).status).toBe(200);
    const before = await spaceRow(space.id);
    const res = await postMerge(owner, space.id, two.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain(b);
    expect(res.body.error.message).toContain("B");
    const after = await spaceRow(space.id);
    expect(after.mainSeq).toBe(before.mainSeq);
    expect(after.revisionId).toBe(before.revisionId);
    expect(after.changeRequestsDraft).toBe(before.changeRequestsDraft);
    expect((await crRow(two.id)).status).toBe("draft");
    expect(await mainMarkdown(space.id, b)).toBe("First, edited.\n\nSecond.\n\nThird.\n");
  });

  it("marks a change request outdated when main moves, and current again after update", async () => {
    const { owner, space, a, b } = await seeded();
    const behind = await edit(owner, space.id, [
      { operation: "update_page", page: a, title: "A2" },
    ]);
    const ahead = await edit(owner, space.id, [{ operation: "update_page", page: b, title: "B2" }]);
    const path = `/spaces/${space.id}/change-requests/${behind.id}`;
    expect((await as(owner.token).get(path)).body.outdated).toBe(false);
    expect((await postMerge(owner, space.id, ahead.id)).status).toBe(200);
    expect((await as(owner.token).get(path)).body.outdated).toBe(true);
    const update = await as(owner.token).post(`${path}/update`);
    expect(update.status, update.text).toBe(200);
    expect(update.body.result).toBe("update");
    const read = await as(owner.token).get(path);
    expect(read.body.outdated).toBe(false);
    expect(read.body.revision).toBe(update.body.revision);
    expect(read.body.revisionMergedAncestor).toBe((await spaceRow(space.id)).revisionId);
    const again = await as(owner.token).post(`${path}/update`);
    expect(again.body).toEqual({ revision: update.body.revision, result: "update" });
    expect((await postMerge(owner, space.id, behind.id)).status).toBe(200);
    expect((await mainTree(space.id)).roots.map((n) => n.row.title)).toEqual(["A2", "B2"]);
  });

  it("moves the counters on merge and refuses a second merge (409)", async () => {
    const { owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    await as(owner.token).patch(`/spaces/${space.id}/change-requests/${cr.id}`, { status: "open" });
    await createCr(owner, space.id);
    expect(await spaceRow(space.id)).toMatchObject({
      changeRequestsCount: 2,
      changeRequestsOpen: 1,
      changeRequestsDraft: 1,
    });
    expect((await postMerge(owner, space.id, cr.id)).status).toBe(200);
    expect(await spaceRow(space.id)).toMatchObject({
      changeRequestsCount: 2,
      changeRequestsOpen: 0,
      changeRequestsDraft: 1,
    });
    const again = await postMerge(owner, space.id, cr.id);
    expect(again.status).toBe(409);
    expect(await spaceRow(space.id)).toMatchObject({
      changeRequestsOpen: 0,
      changeRequestsDraft: 1,
    });
    const list = await as(owner.token).get(`/spaces/${space.id}/change-requests`, {
      query: { status: "merged" },
    });
    expect(list.body.items.map((i: { id: string }) => i.id)).toEqual([cr.id]);
    expect(list.body.items[0].mergedBy.id).toBe(owner.user.id);
  });

  it("refuses merges in a locked space (409) and merges once unlocked", async () => {
    const { owner, space, a } = await seeded();
    const cr = await edit(owner, space.id, [{ operation: "update_page", page: a, title: "A2" }]);
    const before = await spaceRow(space.id);
    await testDb().update(spaces).set({ editMode: "locked" }).where(eq(spaces.id, space.id));
    const res = await postMerge(owner, space.id, cr.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/locked/);
    expect((await spaceRow(space.id)).mainSeq).toBe(before.mainSeq);
    await testDb().update(spaces).set({ editMode: "live" }).where(eq(spaces.id, space.id));
    expect((await postMerge(owner, space.id, cr.id)).status).toBe(200);
  });

  it("never loses either side when two merges run at the same time", async () => {
    const { org, owner, space, a, b } = await seeded();
    const editor = await makeMember(org.id, "edit");
    const one = await edit(owner, space.id, [
      { operation: "update_page", page: a, document: { markdown: "one, by one\n" } },
    ]);
    const two = await edit(editor, space.id, [
      { operation: "update_page", page: b, title: "B by two" },
      { operation: "insert_page", title: "New by two", document: { markdown: "new\n" } },
    ]);
    const results = await Promise.all([
      postMerge(owner, space.id, one.id),
      postMerge(editor, space.id, two.id),
    ]);
    for (const r of results) expect([200, 409], r.text).toContain(r.status);
    for (const [i, r] of results.entries()) {
      if (r.status === 409) {
        const cr = i === 0 ? one : two;
        expect((await crRow(cr.id)).status).not.toBe("merged");
        expect((await postMerge(owner, space.id, cr.id)).status).toBe(200);
      }
    }
    const main = await mainTree(space.id);
    expect(main.roots.map((n) => n.row.title)).toEqual(["A", "B by two", "New by two"]);
    expect(await mainMarkdown(space.id, a)).toBe("one, by one\n");
    const row = await spaceRow(space.id);
    expect(row.changeRequestsDraft).toBe(0);
    expect(row.changeRequestsOpen).toBe(0);
  });
});

const mergeSetup = async (
  world: Awaited<ReturnType<typeof import("../helpers/factories").makeOrgWithRoles>>,
) => {
  const space = await makeSpace(world.org.id, world.owner);
  await grantSpace(space.id, { user: world.guest.user.id }, "read");
  return { space, cr: await createCr(world.owner, space.id) };
};

authorizationMatrix("POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", {
  setup: mergeSetup,
  request: (_w, s) => ({
    method: "POST",
    path: `/spaces/${s.space.id}/change-requests/${s.cr.id}/merge`,
  }),
  missing: (_w, s) => ({
    method: "POST",
    path: `/spaces/neverexisted/change-requests/${s.cr.id}/merge`,
  }),
  minimumRole: "edit",
  scope: "change-request:merge",
  success: 200,
});

authorizationMatrix("POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/update", {
  setup: mergeSetup,
  request: (_w, s) => ({
    method: "POST",
    path: `/spaces/${s.space.id}/change-requests/${s.cr.id}/update`,
  }),
  missing: (_w, s) => ({
    method: "POST",
    path: `/spaces/neverexisted/change-requests/${s.cr.id}/update`,
  }),
  minimumRole: "edit",
  scope: "space:write",
  success: 200,
});
