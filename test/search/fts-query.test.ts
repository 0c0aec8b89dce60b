import { describe, expect, it } from "vitest";
import {
  ftsTerms,
  keyToken,
  MAX_SEARCH_TERMS,
  scopedMatch,
  searchWords,
} from "../../src/lib/fts-query";

describe("fts-query: user text to a safe MATCH expression", () => {
  it("quotes every word and makes the last one a prefix", () => {
    expect(ftsTerms("install the CLI")).toBe('"install" "the" "CLI"*');
    expect(ftsTerms("a")).toBe('"a"');
    expect(ftsTerms("café straße")).toBe('"café" "straße"*');
  });

  it("turns FTS5 syntax into plain words or nothing", () => {
    expect(ftsTerms('"unbalanced')).toBe('"unbalanced"*');
    expect(ftsTerms("NEAR(a b, 3)")).toBe('"NEAR" "a" "b" "3"');
    expect(ftsTerms("-x AND (y OR z)*")).toBe('"x" "AND" "y" "OR" "z"');
    expect(ftsTerms("title:secret ^start")).toBe('"title" "secret" "start"*');
    for (const text of ['"', "*", "(", ")", "-", "😀🎉", "   ", "\u0301"]) {
      expect(ftsTerms(text), text).toBeNull();
    }
  });

  it("keeps at most MAX_SEARCH_TERMS words", () => {
    expect(searchWords("w ".repeat(100))).toHaveLength(MAX_SEARCH_TERMS);
  });

  it("scopes the terms to one space or organization key, hex-encoded and case-preserving", () => {
    expect(keyToken("s", "aB")).toBe("s6142");
    expect(keyToken("s", "ab")).not.toBe(keyToken("s", "AB"));
    expect(scopedMatch("space", "aB", '"x"*')).toBe(
      'space_key : "s6142" AND {title description heading body} : ("x"*)',
    );
    expect(scopedMatch("org", "aB", '"x"')).toMatch(/^org_key : "o6142" AND /);
  });
});
