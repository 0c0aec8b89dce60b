import { eq } from "drizzle-orm";
import { describe, expect, it, beforeAll } from "vitest";
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
  crTree,
} from "../helpers/change-requests-factories";
import { emptyStorage } from "../helpers/storage";

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

const mergeSetup = async (
  world: Awaited<ReturnType<typeof import("../helpers/factories").makeOrgWithRoles>>,
) => {
  const space = await makeSpace(world.org.id, world.owner);
  await grantSpace(space.id, { user: world.guest.user.id }, "read");
  return { space, cr: await createCr(world.owner, space.id) };
};

/**
 * Conflicts of a change request with main (Quire extensions): the conflicts read, the 409 of
 * update and merge while conflicted, and update-from-main's resolutions (main, mine, both; page
 * conflicts main or mine), each landing as chosen.
 */

const BASE = "First.\n\nSecond.\n\nThird.\n";

/** A space with pages A and B on main, a change request editing B's first paragraph, and main
 * having changed the same paragraph (and the third) since. */
async function conflicted() {
  const world = await makeCrWorld();
  const tree = await seedThroughCr(world.owner, world.space.id, [
    { operation: "insert_page", title: "A", document: { markdown: "one\n" } },
    { operation: "insert_page", title: "B", document: { markdown: BASE } },
  ]);
  const [a, b] = tree.roots.map((n) => n.row.pageId) as [string, string];
  const mine = await editWorld(world, [
    {
      operation: "update_page",
      page: b,
      document: { markdown: "First, mine.\n\nSecond.\n\nThird.\n" },
    },
  ]);
  const main = await editWorld(world, [
    {
      operation: "update_page",
      page: b,
      document: { markdown: "First, main.\n\nSecond.\n\nThird, main.\n" },
    },
  ]);
  expect((await postMerge(world.owner, world.space.id, main.id)).status).toBe(200);
  const path = `/spaces/${world.space.id}/change-requests/${mine.id}`;
  return { ...world, a, b, mine, path };
}

async function editWorld(world: Awaited<ReturnType<typeof makeCrWorld>>, changes: unknown[]) {
  const cr = await createCr(world.owner, world.space.id);
  const res = await postContent(world.owner, world.space.id, cr.id, changes);
  expect(res.status, res.text).toBe(200);
  return cr;
}

async function crMarkdown(spaceId: string, crId: string, pageId: string) {
  return markdownOfHash((await crTree(spaceId, crId)).byId.get(pageId)!.row.documentHash);
}

describe("merge", () => {
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
      const ahead = await edit(owner, space.id, [
        { operation: "update_page", page: b, title: "B2" },
      ]);
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
      await as(owner.token).patch(`/spaces/${space.id}/change-requests/${cr.id}`, {
        status: "open",
      });
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
});

describe("conflicts", () => {
  beforeAll(emptyStorage);
  describe("conflicts of a change request with main", () => {
    it("lists block conflicts with both versions; update and merge answer 409 and write nothing", async () => {
      const { org, owner, space, b, mine, path } = await conflicted();
      const reader = await makeMember(org.id, "read");
      const list = await as(reader.token).get(`${path}/conflicts`);
      expect(list.status, list.text).toBe(200);
      expect(list.body.count).toBe(1);
      const [item] = list.body.items;
      expect(item).toMatchObject({
        page: b,
        title: "B",
        kind: "block",
        main: { type: "paragraph" },
      });
      expect(JSON.stringify(item.main)).toContain("First, main.");
      expect(JSON.stringify(item.mine)).toContain("First, mine.");
      expect(item.block).toEqual(expect.any(String));
      const before = await crRow(mine.id);
      const update = await as(owner.token).post(`${path}/update`);
      expect(update.status).toBe(409);
      expect(update.body.error.code).toBe(409);
      expect(update.body.error.message).toContain(`B (${b}): block ${item.block}`);
      expect((await postMerge(owner, space.id, mine.id)).status).toBe(409);
      expect((await crRow(mine.id)).seq).toBe(before.seq);
      const outsider = await makeMember(org.id, "read");
      expect(
        (await as(outsider.token).get(`/spaces/nope/change-requests/${mine.id}/conflicts`)).status,
      ).toBe(404);
    });

    it.each([
      ["main", "First, main.\n\nSecond.\n\nThird, main.\n"],
      ["mine", "First, mine.\n\nSecond.\n\nThird, main.\n"],
      ["both", "First, main.\n\nFirst, mine.\n\nSecond.\n\nThird, main.\n"],
    ])(
      "resolves with take %s: the update applies as chosen, then merges",
      async (take, expected) => {
        const { owner, space, b, mine, path } = await conflicted();
        const block = (await as(owner.token).get(`${path}/conflicts`)).body.items[0].block;
        const res = await as(owner.token).post(`${path}/update`, {
          resolutions: [{ page: b, block, take }],
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body.result).toBe("update");
        expect(await crMarkdown(space.id, mine.id, b)).toBe(expected);
        expect((await as(owner.token).get(`${path}/conflicts`)).body).toEqual({
          count: 0,
          items: [],
        });
        expect((await postMerge(owner, space.id, mine.id)).status).toBe(200);
        const main = await mainTree(space.id);
        expect(await markdownOfHash(main.byId.get(b)!.row.documentHash)).toBe(expected);
      },
    );

    it("resolves a page conflict (deleted on main, edited in the change request) by main or mine", async () => {
      for (const take of ["mine", "main"] as const) {
        const world = await conflicted();
        const { owner, space, a, b, path } = world;
        await as(owner.token).post(`${path}/content`, {
          changes: [{ operation: "update_page", page: a, title: "A, mine" }],
        });
        const del = await editWorld(world, [{ operation: "delete_page", page: a }]);
        expect((await postMerge(owner, space.id, del.id)).status).toBe(200);
        const items = (await as(owner.token).get(`${path}/conflicts`)).body.items;
        const page = items.find((i: { page: string }) => i.page === a);
        expect(page).toMatchObject({ kind: "page", title: "A, mine" });
        expect(page.reason).toMatch(/deleted on main/);
        const block = items.find((i: { kind: string }) => i.kind === "block").block;
        const blockChoice = { page: b, block, take: "main" };
        const both = await as(owner.token).post(`${path}/update`, {
          resolutions: [{ page: a, take: "both" }, blockChoice],
        });
        expect(both.status).toBe(400);
        expect(both.body.error.message).toMatch(/^body\.resolutions\[0\]\.take: /);
        const partial = await as(owner.token).post(`${path}/update`, {
          resolutions: [blockChoice],
        });
        expect(partial.status).toBe(409);
        const res = await as(owner.token).post(`${path}/update`, {
          resolutions: [{ page: a, take }, blockChoice],
        });
        expect(res.status, res.text).toBe(200);
        const cr = await crTree(space.id, world.mine.id);
        const row = cr.byId.get(a);
        if (take === "mine") expect(row?.row.title).toBe("A, mine");
        else expect(row === undefined || row.row.deleted).toBe(true);
      }
    });

    it("refuses a resolution that names no conflict (400) and a malformed one", async () => {
      const { owner, a, b, path } = await conflicted();
      const block = (await as(owner.token).get(`${path}/conflicts`)).body.items[0].block;
      const stale = await as(owner.token).post(`${path}/update`, {
        resolutions: [
          { page: b, block, take: "mine" },
          { page: a, take: "main" },
        ],
      });
      expect(stale.status).toBe(400);
      expect(stale.body.error.message).toMatch(/^body\.resolutions\[1\]: names no conflict/);
      const bad = await as(owner.token).post(`${path}/update`, {
        resolutions: [{ page: b, take: "x" }],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^body\.resolutions\[0\]\.take: /);
    });
  });
});
