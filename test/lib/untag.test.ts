import { describe, expect, it } from "vitest";
import { searchTag, taggedText, untag } from "../../src/lib/search-tags";

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
      (_, a: string, word: string, b: string, c: string, d: string) => `${a || c}${word}${b || d}`,
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
