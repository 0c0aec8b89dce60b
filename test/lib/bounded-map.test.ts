import { describe, expect, it } from "vitest";
import { BoundedMap } from "../../core/memory/bounded-map";
import { isolateMemo, memoSizes } from "../../core/memory/memos";
import { unplannedLimits } from "../../src/db/unplanned-limits";
import { tokenDigest } from "../../src/auth/tokens";

describe("BoundedMap", () => {
  it("keeps at most its bound, dropping the least recently used first", () => {
    const map = new BoundedMap<string, number>({ entries: 2 });
    map.set("a", 1);
    map.set("b", 2);
    expect(map.get("a")).toBe(1);
    map.set("c", 3);
    expect(map.size).toBe(2);
    expect(map.get("b")).toBeUndefined();
    expect([map.get("a"), map.get("c")]).toEqual([1, 3]);
  });

  it("counts a key set again as the newest, and forgets a deleted key", () => {
    const map = new BoundedMap<string, number>({ entries: 2 });
    map.set("a", 1);
    map.set("b", 2);
    map.set("a", 10);
    map.set("c", 3);
    expect(map.has("b")).toBe(false);
    expect(map.get("a")).toBe(10);
    map.delete("a");
    expect(map.get("a")).toBeUndefined();
    expect(map.size).toBe(1);
  });

  it("bounds the entries' total weight when given a weigher", () => {
    const map = new BoundedMap<string, string>({
      entries: 100,
      weight: 10,
      weigh: (value) => value.length,
    });
    map.set("a", "xxxx");
    map.set("b", "yyyy");
    map.set("c", "zzzz");
    expect(map.has("a")).toBe(false);
    expect([map.has("b"), map.has("c")]).toEqual([true, true]);
    map.set("b", "y");
    map.set("d", "wwwww");
    expect([map.get("b"), map.get("c"), map.get("d")]).toEqual(["y", "zzzz", "wwwww"]);
    map.set("e", "an entry heavier than the bound");
    expect(map.get("e")).toBeUndefined();
    expect(map.size).toBe(3);
  });
});

describe("the isolate's memos", () => {
  it("are listed in one registry, each with a finite bound it keeps", async () => {
    const memo = isolateMemo<number, number>("a test memo", { entries: 3 });
    for (let i = 0; i < 10; i++) memo.set(i, i);
    await tokenDigest("quire_a-token-for-the-registry");
    unplannedLimits("select 1 limit ?");
    const sizes = memoSizes();
    const names = sizes.map((m) => m.name);
    for (const name of ["a test memo", "token digests", "unplanned statement texts"]) {
      expect(names).toContain(name);
    }
    for (const { name, entries, bound } of sizes) {
      expect(Number.isFinite(bound), name).toBe(true);
      expect(entries, name).toBeLessThanOrEqual(bound);
    }
    expect(sizes.find((m) => m.name === "a test memo")?.entries).toBe(3);
  });
});
