import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeMember } from "../helpers/factories";
import {
  createCr,
  crRow,
  crTree,
  mainTree,
  makeCrWorld,
  markdownOfHash,
  postContent,
  postMerge,
  seedThroughCr,
} from "../helpers/change-requests-factories";

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
  const mine = await edit(world, [
    {
      operation: "update_page",
      page: b,
      document: { markdown: "First, mine.\n\nSecond.\n\nThird.\n" },
    },
  ]);
  const main = await edit(world, [
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

async function edit(world: Awaited<ReturnType<typeof makeCrWorld>>, changes: unknown[]) {
  const cr = await createCr(world.owner, world.space.id);
  const res = await postContent(world.owner, world.space.id, cr.id, changes);
  expect(res.status, res.text).toBe(200);
  return cr;
}

async function crMarkdown(spaceId: string, crId: string, pageId: string) {
  return markdownOfHash((await crTree(spaceId, crId)).byId.get(pageId)!.row.documentHash);
}

describe("conflicts of a change request with main", () => {
  it("lists block conflicts with both versions; update and merge answer 409 and write nothing", async () => {
    const { org, owner, space, b, mine, path } = await conflicted();
    const reader = await makeMember(org.id, "read");
    const list = await as(reader.token).get(`${path}/conflicts`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.count).toBe(1);
    const [item] = list.body.items;
    expect(item).toMatchObject({ page: b, title: "B", kind: "block", main: { type: "paragraph" } });
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
  ])("resolves with take %s: the update applies as chosen, then merges", async (take, expected) => {
    const { owner, space, b, mine, path } = await conflicted();
    const block = (await as(owner.token).get(`${path}/conflicts`)).body.items[0].block;
    const res = await as(owner.token).post(`${path}/update`, {
      resolutions: [{ page: b, block, take }],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result).toBe("update");
    expect(await crMarkdown(space.id, mine.id, b)).toBe(expected);
    expect((await as(owner.token).get(`${path}/conflicts`)).body).toEqual({ count: 0, items: [] });
    expect((await postMerge(owner, space.id, mine.id)).status).toBe(200);
    const main = await mainTree(space.id);
    expect(await markdownOfHash(main.byId.get(b)!.row.documentHash)).toBe(expected);
  });

  it("resolves a page conflict (deleted on main, edited in the change request) by main or mine", async () => {
    for (const take of ["mine", "main"] as const) {
      const world = await conflicted();
      const { owner, space, a, b, path } = world;
      await as(owner.token).post(`${path}/content`, {
        changes: [{ operation: "update_page", page: a, title: "A, mine" }],
      });
      const del = await edit(world, [{ operation: "delete_page", page: a }]);
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
      const partial = await as(owner.token).post(`${path}/update`, { resolutions: [blockChoice] });
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
