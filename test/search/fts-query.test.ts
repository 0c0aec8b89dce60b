import { describe, expect, it } from "vitest";
import {
  keyToken,
  MAX_SEARCH_TERMS,
  orgMatch,
  searchWords,
  spaceMatch,
  spacesMatch,
  taggedMatch,
} from "../../src/lib/fts-query";
import { searchTag, taggedText, untag } from "../../src/lib/search-tags";

const T = "\uE000abcdefghij";

describe("fts-query: user text to a safe MATCH expression of tagged words", () => {
  it("quotes every word behind the tag and makes the last one a prefix", () => {
    expect(taggedMatch([T], "install the CLI")).toBe(`"${T}install" AND "${T}the" AND "${T}CLI"*`);
    expect(taggedMatch([T], "a")).toBe(`"${T}a"`);
    expect(taggedMatch([T], "café straße")).toBe(`"${T}café" AND "${T}straße"*`);
  });

  it("turns FTS5 syntax into plain words or nothing", () => {
    const words = (text: string) => searchWords(text).join(" ");
    expect(taggedMatch([T], '"unbalanced')).toBe(`"${T}unbalanced"*`);
    expect(words("NEAR(a b, 3)")).toBe("NEAR a b 3");
    expect(words("-x AND (y OR z)*")).toBe("x AND y OR z");
    expect(words("title:secret ^start")).toBe("title secret start");
    expect(taggedMatch([T], 'say "hi"')).toBe(`"${T}say" AND "${T}hi"*`);
    for (const text of ['"', "*", "(", ")", "-", "😀🎉", "   ", "\u0301", "\uE000\uE001"]) {
      expect(taggedMatch([T], text), text).toBeNull();
    }
    // A tag character typed by the user is a separator, never the start of another scope's tag.
    expect(searchWords(`x${T}y`)).toEqual(["x", "abcdefghijy"]);
  });

  it("keeps at most MAX_SEARCH_TERMS words", () => {
    expect(searchWords("w ".repeat(100))).toHaveLength(MAX_SEARCH_TERMS);
  });

  it("scopes words to one space, several spaces or one organization by their tags", () => {
    const a = searchTag("space", "A");
    const b = searchTag("space", "B");
    expect(a).toMatch(/^\uE000[0-9a-z]{10}$/);
    expect(searchTag("org", "A")).toMatch(/^\uE001[0-9a-z]{10}$/);
    expect(a).not.toBe(searchTag("space", "a"));
    expect(spaceMatch("A", "x yz")).toBe(`"${a}x" AND "${a}yz"*`);
    expect(spacesMatch(["A", "B"], "x")).toBe(`"${a}x" OR "${b}x"`.replace(/^(.*)$/, "($1)"));
    expect(orgMatch("A", "x")).toBe(`"${searchTag("org", "A")}x"`);
    expect(spacesMatch([], "x")).toBeNull();
  });

  it("writes each word as a space copy and an organization copy, and untags them back", () => {
    const tags = { space: searchTag("space", "S"), org: searchTag("org", "O") };
    const text = "Hello, wörld — 42\uE000x!";
    const tagged = taggedText(text, tags);
    expect(tagged).toBe(
      `${tags.space}Hello\u0003${tags.org}Hello, ${tags.space}wörld\u0003${tags.org}wörld — ` +
        `${tags.space}42\u0003${tags.org}42 ${tags.space}x\u0003${tags.org}x!`,
    );
    expect(untag(tagged)).toBe("Hello, wörld — 42 x!");
    // A highlight on either copy highlights the word once; a copy cut off leaves the other.
    const hit = (t: string) => `\u0001${t}\u0002`;
    expect(untag(`${hit(`${tags.space}a`)}\u0003${tags.org}a b`)).toBe("\u0001a\u0002 b");
    expect(untag(`${tags.space}a\u0003${hit(`${tags.org}a`)} b`)).toBe("\u0001a\u0002 b");
    expect(untag(`${tags.org}a ${tags.space}b`)).toBe("a b");
  });

  it("keeps the old key tokens: hex of the id, case-preserving", () => {
    expect(keyToken("s", "aB")).toBe("s6142");
    expect(keyToken("t", "aB")).toBe("t6142");
    expect(keyToken("s", "ab")).not.toBe(keyToken("s", "AB"));
  });
});
