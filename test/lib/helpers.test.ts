import { describe, expect, it } from "vitest";
import { BoundedMap } from "../../core/memory/bounded-map";
import { isolateMemo, memoSizes } from "../../core/memory/memos";
import { unplannedLimits } from "../../src/db/unplanned-limits";
import { tokenDigest } from "../../src/auth/tokens";
import { imageSize } from "../../src/lib/image-size";
import { isPositionKey, keyBetween, POSITION_DIGITS } from "../../src/lib/position";
import { searchTag, taggedText, untag } from "../../src/lib/search-tags";

describe("bounded-map", () => {
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
});

describe("image-size", () => {
  /** Bytes from numbers. */
  const bytes = (...values: number[]) => new Uint8Array(values);

  /** A PNG header of the given size (signature + IHDR). */
  function pngHeader(width: number, height: number): Uint8Array {
    const out = new Uint8Array(33);
    out.set([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
    const view = new DataView(out.buffer);
    view.setUint32(16, width);
    view.setUint32(20, height);
    return out;
  }

  describe("imageSize", () => {
    it("reads PNG, GIF, JPEG and WebP headers", () => {
      expect(imageSize(pngHeader(240, 60))).toEqual({ width: 240, height: 60 });
      expect(imageSize(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 16, 0, 8, 0, 0))).toEqual({
        width: 16,
        height: 8,
      });
      // SOI, an APP0 segment of 4 bytes, then SOF0: precision 8, height 300, width 400.
      const jpeg = bytes(
        0xff,
        0xd8,
        0xff,
        0xe0,
        0,
        4,
        0,
        0,
        0xff,
        0xc0,
        0,
        17,
        8,
        1,
        44,
        1,
        144,
        3,
        0,
        0,
      );
      expect(imageSize(jpeg)).toEqual({ width: 400, height: 300 });
      const webp = new Uint8Array(30);
      webp.set([
        ...new TextEncoder().encode("RIFF"),
        0,
        0,
        0,
        0,
        ...new TextEncoder().encode("WEBPVP8X"),
      ]);
      webp.set([99, 0, 0, 49, 0, 0], 24);
      expect(imageSize(webp)).toEqual({ width: 100, height: 50 });
    });

    it("answers null for anything else, truncated or hostile", () => {
      expect(imageSize(new Uint8Array(0))).toBeNull();
      expect(imageSize(new TextEncoder().encode("<svg></svg>"))).toBeNull();
      expect(imageSize(pngHeader(0, 10))).toBeNull();
      expect(imageSize(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0))).toBeNull();
      for (let n = 0; n < 200; n++) {
        const random = crypto.getRandomValues(new Uint8Array(n));
        expect(() => imageSize(random)).not.toThrow();
      }
    });
  });
});

describe("position", () => {
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
});

describe("untag", () => {
  /** The three-pass form `untag` had before its one-pass scanner: the reference it must equal. */
  function untagByRegExp(text: string): string {
    const pair = new RegExp(
      // eslint-disable-next-line no-control-regex -- the snippet markers are control characters
      "(\u0001?)\uE000[0-9a-z]{10}([^\u0000-\u001f]*)(\u0002?)\u0003(\u0001?)\uE001[0-9a-z]{10}\\2(\u0002?)",
      "gu",
    );
    return text
      .replace(
        pair,
        (_, a: string, word: string, b: string, c: string, d: string) =>
          `${a || c}${word}${b || d}`,
      )
      .replace(/[\uE000\uE001][0-9a-z]{10}/gu, "")
      .replaceAll("\u0003", "");
  }

  /** A seeded generator (mulberry32). */
  function random(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const WORDS = ["a", "word", "Wörld", "42", "x9", "naïve", "日本語", "abcdefghij", "don't", "é"];
  const GAPS = [" ", ", ", " — ", "\n", "", "!", " (", ") "];

  describe("untag", () => {
    it("equals the regular-expression form on tagged texts, highlighted and cut like snippets", () => {
      const next = random(7);
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
      for (let n = 0; n < 3000; n++) {
        const tags = { space: searchTag("space", `s${n % 5}`), org: searchTag("org", `o${n % 3}`) };
        const plain = Array.from(
          { length: 1 + Math.floor(next() * 8) },
          () => pick(WORDS) + pick(GAPS),
        ).join("");
        let text = taggedText(plain, tags);
        // Highlight some copies, as snippet() does around matched tokens.
        // eslint-disable-next-line no-control-regex -- a token runs up to a control character
        text = text.replace(/[\uE000\uE001][0-9a-z]{10}[^\u0000-\u001f\s,!()—]+/gu, (token) =>
          next() < 0.3 ? `\u0001${token}\u0002` : token,
        );
        // Cut like a snippet (anywhere, sometimes), and add an ellipsis.
        if (next() < 0.5) {
          const from = Math.floor(next() * text.length);
          const to = from + Math.floor(next() * (text.length - from + 1));
          text = `…${text.slice(from, to)}…`;
        }
        expect(untag(text), JSON.stringify(text)).toBe(untagByRegExp(text));
      }
    });

    it("leaves untagged text as it is, but for copy separators", () => {
      expect(untag("plain text")).toBe("plain text");
      expect(untag("a\u0003b")).toBe("ab");
    });
  });
});
