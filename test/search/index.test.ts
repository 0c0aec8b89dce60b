import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  reindexPages,
  reindexSpace,
  removeSpaceFromIndex,
  searchSpaces,
} from "../../src/services/search/indexer";
import { commitChanges, mainPagesByTitle, reloadSpace } from "../helpers/content-factories";
import { testDb } from "../helpers/factories";
import { commitIndexed, indexedPages, searchSpace, searchWorld, word } from "./fixtures";

const titles = (res: { body: { items: { title: string }[] } }) =>
  res.body.items.map((i) => i.title).sort();

/** Polls until `check` passes (the merge hook and the catch-up run in the background). */
async function eventually(check: () => Promise<boolean>, ms = 5_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out waiting for the search index");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("search index", () => {
  it("follows merges, re-indexing only the pages a merge changed", async () => {
    const { owner, space } = await searchWorld();
    const [old, fresh, kept] = [word("old"), word("new"), word("kept")];
    await commitIndexed(space.id, owner, [
      { operation: "insert_page", title: "Changing", document: { markdown: `Before ${old}.\n` } },
      { operation: "insert_page", title: "Stable", document: { markdown: `Always ${kept}.\n` } },
      { operation: "insert_page", title: "Doomed", document: { markdown: `Gone ${old} soon.\n` } },
    ]);
    const before = await indexedPages(space.id);
    const pages = await mainPagesByTitle(space.id);
    await commitIndexed(space.id, owner, [
      {
        operation: "update_page",
        page: pages.get("Changing")!.pageId,
        document: { markdown: `After ${fresh}.\n` },
      },
      { operation: "delete_page", page: pages.get("Doomed")!.pageId },
    ]);
    expect(titles(await searchSpace(owner.token, space.id, fresh))).toEqual(["Changing"]);
    expect(titles(await searchSpace(owner.token, space.id, old))).toEqual([]);
    expect(titles(await searchSpace(owner.token, space.id, kept))).toEqual(["Stable"]);
    const after = await indexedPages(space.id);
    const stable = pages.get("Stable")!.pageId;
    const changing = pages.get("Changing")!.pageId;
    // The unchanged page kept its index rows; the changed one was rewritten; the deleted one left.
    expect(after.get(stable)).toBe(before.get(stable));
    expect(after.get(changing)).not.toBe(before.get(changing));
    expect(after.has(pages.get("Doomed")!.pageId)).toBe(false);
    const [state] = await testDb()
      .select()
      .from(searchSpaces)
      .where(eq(searchSpaces.spaceId, space.id));
    expect(state!.seq).toBe((await reloadSpace(space.id)).mainSeq);
  });

  it("indexes a page renamed or moved without changing its body, under its new title and path", async () => {
    const { owner, space } = await searchWorld();
    const w = word();
    await commitIndexed(space.id, owner, [
      { operation: "insert_page", title: "Parent", document: { markdown: "Top.\n" } },
      { operation: "insert_page", title: "Child", document: { markdown: `Text ${w}.\n` } },
    ]);
    const pages = await mainPagesByTitle(space.id);
    await commitIndexed(space.id, owner, [
      {
        operation: "update_page",
        page: pages.get("Child")!.pageId,
        title: `Renamed ${w}x`,
        into: pages.get("Parent")!.pageId,
      },
    ]);
    const res = await searchSpace(owner.token, space.id, `${w}x`);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({
      title: `Renamed ${w}x`,
      ancestors: [{ title: "Parent" }],
    });
    expect(res.body.items[0].path).toMatch(/^parent\//);
  });

  it("re-indexes a subtree when an ancestor is renamed or moved: stored paths and ancestors follow", async () => {
    const { owner, space } = await searchWorld();
    const w = word();
    await commitIndexed(space.id, owner, [
      { operation: "insert_page", ref: "top", title: "Top", document: { markdown: "Top.\n" } },
      {
        operation: "insert_page",
        ref: "mid",
        into: "top",
        title: "Mid",
        document: { markdown: "Mid.\n" },
      },
      {
        operation: "insert_page",
        into: "mid",
        title: "Leaf",
        document: { markdown: `Leaf ${w}.\n` },
      },
      { operation: "insert_page", title: "Other", document: { markdown: "Other.\n" } },
    ]);
    const pages = await mainPagesByTitle(space.id);
    await commitIndexed(space.id, owner, [
      { operation: "update_page", page: pages.get("Top")!.pageId, title: "Top renamed" },
      {
        operation: "update_page",
        page: pages.get("Mid")!.pageId,
        into: pages.get("Other")!.pageId,
      },
    ]);
    const res = await searchSpace(owner.token, space.id, w);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({
      title: "Leaf",
      ancestors: [{ title: "Other" }, { title: "Mid" }],
    });
    expect(res.body.items[0].path).toMatch(/^other\/mid\/leaf/);
    await commitIndexed(space.id, owner, [
      { operation: "update_page", page: pages.get("Other")!.pageId, title: "Renamed other" },
    ]);
    const again = await searchSpace(owner.token, space.id, w);
    expect(again.body.items[0].ancestors).toEqual([{ title: "Renamed other" }, { title: "Mid" }]);
  });

  it("removes a space from the index and restores it, and a second sync finds nothing to do", async () => {
    const { owner, space } = await searchWorld();
    const w = word();
    await commitIndexed(space.id, owner, [
      { operation: "insert_page", title: "Kept", document: { markdown: `Some ${w}.\n` } },
    ]);
    const db = testDb();
    await removeSpaceFromIndex(db, space.id);
    expect((await indexedPages(space.id)).size).toBe(0);
    expect(titles(await searchSpace(owner.token, space.id, w))).toEqual([]);
    await reindexSpace(db, await reloadSpace(space.id));
    const restored = await indexedPages(space.id);
    expect(titles(await searchSpace(owner.token, space.id, w))).toEqual(["Kept"]);
    await reindexPages(db, await reloadSpace(space.id), []);
    expect(await indexedPages(space.id)).toEqual(restored);
  });

  it("stays consistent when several indexers race on the same space", async () => {
    const { owner, space } = await searchWorld();
    const w = word();
    await commitChanges(
      space.id,
      owner.user.id,
      Array.from({ length: 12 }, (_, i) => ({
        operation: "insert_page" as const,
        title: `Page ${i}`,
        document: { markdown: `Body ${w} ${i}.\n\n## Part\n\nMore ${w}.\n` },
      })),
    );
    const db = testDb();
    const row = await reloadSpace(space.id);
    await Promise.all([
      reindexSpace(db, row),
      reindexPages(db, row, []),
      reindexSpace(db, row),
      reindexPages(db, row, []),
    ]);
    const res = await searchSpace(owner.token, space.id, w, { limit: 100 });
    expect(res.body.count).toBe(12);
    expect(new Set(res.body.items.map((i: { id: string }) => i.id)).size).toBe(12);
    expect((await indexedPages(space.id)).size).toBe(12);
  });

  it("is kept up to date by the merge hook, and caught up by a search when it fell behind", async () => {
    const { owner, space } = await searchWorld();
    const w = word();
    // The merge's hook indexes in the background (no ExecutionContext in this call).
    await commitChanges(space.id, owner.user.id, [
      { operation: "insert_page", title: "Hooked", document: { markdown: `Via ${w}.\n` } },
    ]);
    await eventually(async () => titles(await searchSpace(owner.token, space.id, w)).length === 1);
    // Lost: the index is removed behind the API's back; a search notices and catches up.
    await removeSpaceFromIndex(testDb(), space.id);
    await searchSpace(owner.token, space.id, w);
    await eventually(async () => titles(await searchSpace(owner.token, space.id, w)).length === 1);
  });

  it("does not index deleted spaces", async () => {
    const { owner, space } = await searchWorld();
    const w = word();
    await commitIndexed(space.id, owner, [
      { operation: "insert_page", title: "Gone", document: { markdown: `Text ${w}.\n` } },
    ]);
    const db = testDb();
    const { spaces } = await import("../../src/db/schema");
    await db
      .update(spaces)
      .set({ deletedAt: new Date().toISOString() })
      .where(eq(spaces.id, space.id));
    await reindexSpace(db, await reloadSpace(space.id));
    expect((await indexedPages(space.id)).size).toBe(0);
  });
});
