import { describe, expect, it } from "vitest";
import { createCollection, deleteCollection } from "../../src/services/collections/collections";
import { moveCollection, transferCollection } from "../../src/services/collections/move";
import { makeOrg, testDb } from "../helpers/factories";
import {
  collectionCounters,
  makeCollection,
  readCollection,
} from "../helpers/collections-factories";

/** The services re-check, inside their one batch, what the route read in the round trip before. */
describe("collection writes racing with other writes", () => {
  it("does not create under a parent deleted in between", async () => {
    const { org } = await makeOrg();
    const parent = await makeCollection(org.id);
    await deleteCollection(testDb(), parent);
    const row = await createCollection(testDb(), {
      organizationId: org.id,
      parentId: parent.id,
      title: "Orphan",
      after: null,
    });
    expect(row).toBeNull();
    const counters = await collectionCounters(org.id);
    expect(counters.stored).toEqual({ all: 0, roots: 0 });
    expect(counters.stored).toEqual(counters.actual);
  });

  it("makes a move from a stale read a no-op, counters untouched", async () => {
    const { org } = await makeOrg();
    const a = await makeCollection(org.id);
    const b = await makeCollection(org.id);
    const stale = await readCollection(a.id);
    await moveCollection(testDb(), stale!, { parentId: b.id, position: "V" });
    // The same read again: the collection is no longer where it was read.
    const again = await moveCollection(testDb(), stale!, { parentId: null, position: "zz" });
    expect(again).toBeNull();
    expect((await readCollection(a.id))!.parentId).toBe(b.id);
    expect((await readCollection(b.id))!.childrenCount).toBe(1);
    const counters = await collectionCounters(org.id);
    expect(counters.stored).toEqual({ all: 2, roots: 1 });
    expect(counters.stored).toEqual(counters.actual);
  });

  it("refuses a move that a concurrent move turned into a cycle", async () => {
    const { org } = await makeOrg();
    const a = await makeCollection(org.id);
    const b = await makeCollection(org.id);
    const staleA = await readCollection(a.id);
    // Meanwhile b went under a; moving a under b now would make a cycle.
    await moveCollection(testDb(), (await readCollection(b.id))!, {
      parentId: a.id,
      position: "V",
    });
    expect(await moveCollection(testDb(), staleA!, { parentId: b.id, position: "V" })).toBeNull();
    expect((await readCollection(a.id))!.parentId).toBeNull();
  });

  it("counts nothing twice when a collection is deleted twice or transferred after deletion", async () => {
    const { org, owner } = await makeOrg();
    const target = await makeOrg({ owner });
    const top = await makeCollection(org.id);
    await makeCollection(org.id, { parent: top.id });
    await deleteCollection(testDb(), top);
    await deleteCollection(testDb(), top);
    expect(
      await transferCollection(testDb(), top, { organizationId: target.org.id, position: "V" }),
    ).toBeNull();
    for (const id of [org.id, target.org.id]) {
      const counters = await collectionCounters(id);
      expect(counters.stored).toEqual({ all: 0, roots: 0 });
      expect(counters.stored).toEqual(counters.actual);
    }
  });
});
