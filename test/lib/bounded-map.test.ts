import { describe, expect, it } from "vitest";
import { BoundedMap } from "../../src/lib/bounded-map";

describe("BoundedMap", () => {
  it("keeps at most its bound, dropping the oldest set first", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    map.set("c", 3);
    expect(map.size).toBe(2);
    expect(map.get("a")).toBeUndefined();
    expect([map.get("b"), map.get("c")]).toEqual([2, 3]);
  });

  it("counts a key set again as the newest, and forgets a deleted key", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    map.set("a", 10);
    map.set("c", 3);
    expect(map.get("b")).toBeUndefined();
    expect(map.get("a")).toBe(10);
    map.delete("a");
    expect(map.get("a")).toBeUndefined();
    expect(map.size).toBe(1);
  });

  it("bounds the entries' total weight when given a weigher", () => {
    const map = new BoundedMap<string, string>(10, (value) => value.length);
    map.set("a", "xxxx");
    map.set("b", "yyyy");
    map.set("c", "zzzz");
    expect(map.get("a")).toBeUndefined();
    expect([map.get("b"), map.get("c")]).toEqual(["yyyy", "zzzz"]);
    map.set("b", "y");
    map.set("d", "wwwww");
    expect([map.get("b"), map.get("c"), map.get("d")]).toEqual(["y", "zzzz", "wwwww"]);
    map.set("e", "an entry heavier than the bound");
    expect(map.get("e")).toBeUndefined();
    expect(map.size).toBe(0);
  });
});
