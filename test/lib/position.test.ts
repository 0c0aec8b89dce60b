import { describe, expect, it } from "vitest";
import { isPositionKey, keyBetween, POSITION_DIGITS } from "../../src/lib/position";

/** SQLite BINARY order on ASCII keys: byte by byte, a prefix first. */
function binaryLess(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i]! < y[i]!;
  }
  return x.length < y.length;
}

function expectBetween(a: string | null, key: string, b: string | null) {
  expect(isPositionKey(key), key).toBe(true);
  if (a !== null) expect(binaryLess(a, key), `${a} < ${key}`).toBe(true);
  if (b !== null) expect(binaryLess(key, b), `${key} < ${b}`).toBe(true);
}

describe("keyBetween", () => {
  it("uses digits in ascending byte order", () => {
    const digits = [...POSITION_DIGITS];
    expect(digits.length).toBe(62);
    for (let i = 1; i < digits.length; i++)
      expect(binaryLess(digits[i - 1]!, digits[i]!)).toBe(true);
  });

  it("makes a first key and keys before, after and between", () => {
    const first = keyBetween(null, null);
    expectBetween(null, first, null);
    const after = keyBetween(first, null);
    expectBetween(first, after, null);
    const before = keyBetween(null, first);
    expectBetween(null, before, first);
    expectBetween(before, keyBetween(before, first), first);
    expectBetween(first, keyBetween(first, after), after);
  });

  it("handles adjacent digits, prefixes and leading zeros", () => {
    for (const [a, b] of [
      ["1", "2"],
      ["V", "V1"],
      ["V1", "V2"],
      ["z", null],
      ["zzz", null],
      [null, "01"],
      [null, "001"],
      ["A", "B"],
      ["Az", "B"],
    ] as const) {
      expectBetween(a, keyBetween(a, b), b);
    }
  });

  it("keeps strict order over many inserts at the same spot", () => {
    // Always insert right after the first key: each new key goes between it and the last one.
    const keys = [keyBetween(null, null)];
    keys.push(keyBetween(keys[0]!, null));
    for (let i = 0; i < 500; i++) keys.splice(1, 0, keyBetween(keys[0]!, keys[1]!));
    // And always right before the last one.
    for (let i = 0; i < 500; i++) {
      const n = keys.length;
      keys.splice(n - 1, 0, keyBetween(keys[n - 2]!, keys[n - 1]!));
    }
    for (let i = 1; i < keys.length; i++) {
      expect(binaryLess(keys[i - 1]!, keys[i]!), `${keys[i - 1]} < ${keys[i]}`).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every(isPositionKey)).toBe(true);
  });

  it("keeps appends and prepends short and ordered", () => {
    let last = keyBetween(null, null);
    let first = last;
    for (let i = 0; i < 1000; i++) {
      const next = keyBetween(last, null);
      expectBetween(last, next, null);
      last = next;
      const prev = keyBetween(null, first);
      expectBetween(null, prev, first);
      first = prev;
    }
    expect(last.length).toBeLessThan(25);
    expect(first.length).toBeLessThan(25);
  });

  it("keeps strict order over random inserts anywhere", () => {
    const keys: string[] = [];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 2000; i++) {
      const at = Math.floor(random() * (keys.length + 1));
      keys.splice(at, 0, keyBetween(keys[at - 1] ?? null, keys[at] ?? null));
    }
    for (let i = 1; i < keys.length; i++) expect(binaryLess(keys[i - 1]!, keys[i]!)).toBe(true);
    expect([...keys].sort()).toEqual(keys);
  });

  it("refuses keys it did not make and bounds out of order", () => {
    expect(() => keyBetween("B", "A")).toThrow();
    expect(() => keyBetween("A", "A")).toThrow();
    expect(() => keyBetween("A0", null)).toThrow();
    expect(() => keyBetween("", null)).toThrow();
    expect(() => keyBetween("a-b", null)).toThrow();
  });
});
