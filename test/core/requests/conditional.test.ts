import { describe, expect, it } from "vitest";
import {
  answersNotModified,
  failsIfMatch,
  parseEntityTag,
  parseEntityTagList,
} from "../../../core/requests/conditional";

/** The one conditional-request matcher (core/requests/conditional.ts), per RFC 9110 §13.1.1–2. */

const STRONG = '"abc"';
const WEAK = 'W/"abc"';

describe("entity tags", () => {
  it("reads strong and weak tags, and refuses what the grammar does not allow", () => {
    expect(parseEntityTag(STRONG)).toEqual({ weak: false, opaque: '"abc"' });
    expect(parseEntityTag(WEAK)).toEqual({ weak: true, opaque: '"abc"' });
    expect(parseEntityTag('""')).toEqual({ weak: false, opaque: '""' });
    for (const bad of ["abc", '"abc', 'w/"abc"', 'W/ "abc"', '"a b"', '"a"b"', "*", ""]) {
      expect(parseEntityTag(bad), bad).toBeNull();
    }
  });

  it("reads lists: spaces and empty members allowed, commas inside a tag kept", () => {
    expect(parseEntityTagList(' "x" ,\tW/"abc",, ')).toEqual([
      { weak: false, opaque: '"x"' },
      { weak: true, opaque: '"abc"' },
    ]);
    expect(parseEntityTagList('"a,b"')).toEqual([{ weak: false, opaque: '"a,b"' }]);
    expect(parseEntityTagList(" * ")).toBe("*");
    for (const bad of ['"x" "y"', '*, "x"', '"x", *', 'abc, "x"', '"x", abc', '"x";', ","]) {
      expect(parseEntityTagList(bad), bad).toBeNull();
    }
  });
});

describe("If-None-Match (weak comparison)", () => {
  it("matches a listed tag whatever either side's W/", () => {
    for (const etag of [STRONG, WEAK]) {
      for (const field of [STRONG, WEAK, `"x", ${STRONG}`, `W/"x",${WEAK}`, ` ${STRONG} `]) {
        expect(answersNotModified(field, etag), `${field} vs ${etag}`).toBe(true);
      }
    }
  });

  it("matches * when there is a current representation, and nothing else", () => {
    expect(answersNotModified("*", STRONG)).toBe(true);
    expect(answersNotModified("*", undefined)).toBe(false);
    expect(answersNotModified('"x", "y"', STRONG)).toBe(false);
    expect(answersNotModified('"ABC"', STRONG)).toBe(false);
  });

  it("ignores an absent, empty or malformed field (the full answer is sent)", () => {
    for (const field of [undefined, null, "", "  ", "abc", `${STRONG} ${STRONG}`, `*, ${STRONG}`]) {
      expect(answersNotModified(field, STRONG), String(field)).toBe(false);
    }
  });
});

describe("If-Match (strong comparison)", () => {
  it("holds for a strong match or *, and when absent", () => {
    expect(failsIfMatch(STRONG, STRONG)).toBe(false);
    expect(failsIfMatch(`"x", ${STRONG}`, STRONG)).toBe(false);
    expect(failsIfMatch("*", STRONG)).toBe(false);
    expect(failsIfMatch(undefined, STRONG)).toBe(false);
    expect(failsIfMatch("", undefined)).toBe(false);
  });

  it("fails for a weak tag on either side, no match, no representation, or a malformed field", () => {
    expect(failsIfMatch(WEAK, STRONG)).toBe(true);
    expect(failsIfMatch(STRONG, WEAK)).toBe(true);
    expect(failsIfMatch('"x"', STRONG)).toBe(true);
    expect(failsIfMatch("*", undefined)).toBe(true);
    expect(failsIfMatch(STRONG, undefined)).toBe(true);
    expect(failsIfMatch("abc", STRONG)).toBe(true);
  });
});
