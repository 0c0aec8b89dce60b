import { describe, expect, it } from "vitest";
import { moduleMemories } from "../../scripts/lib/module-memories.mjs";
import memos from "../../core/memory/memos.ts?raw";
import tokens from "../../src/auth/tokens.ts?raw";
import pages from "../../reader/src/cache/pages.ts?raw";

// scripts/check-module-memories.mjs (`npm run lint`) refuses a module-level memory that the one
// registry (core/memory/memos.ts) does not make: these are its rule's cases.

const names = (text: string) => moduleMemories(text).map((found) => found.name);

describe("the guard against module-level memories", () => {
  it("refuses a module-level Map, Set, WeakMap, BoundedMap, Memory or array cache", () => {
    const text = [
      "const cache = new Map<string, string>();",
      "export const seen = new Set();",
      "const byObject = new WeakMap<object, string>();",
      "const bounded = new BoundedMap<string, string>({ entries: 10 });",
      "const views = new Memory<string>(100);",
      "const pending: string[] = [];",
    ].join("\n");
    expect(names(text)).toEqual(["cache", "seen", "byObject", "bounded", "views", "pending"]);
  });

  it("refuses module-level mutable bindings (a one-slot cache)", () => {
    expect(names("let last: string | null = null;\nexport let count = 0;\nvar old;")).toEqual([
      "last",
      "count",
      "old",
    ]);
  });

  it("allows lookup tables typed read only, memos of the registry, and a stated exception", () => {
    const text = [
      "const KINDS: ReadonlySet<string> = new Set(['a', 'b']);",
      "const BY_ID: ReadonlyMap<string, number> = new Map([['a', 1]]);",
      "const LIST: readonly string[] = [];",
      "const digests = isolateMemo<string, string>('token digests', { entries: 1_000 });",
      "const fingerprints = weakMemo<object, string>('grant fingerprints');",
      "// module-state: the isolate's one highlighter, built on first use.",
      "let highlighter: Highlighter | undefined;",
      "const rows = [1, 2, 3];",
    ].join("\n");
    expect(names(text)).toEqual([]);
  });

  it("does not look inside functions and classes (their maps live as long as a call)", () => {
    const text = [
      "export function f() {",
      "  const local = new Map();",
      "  let n = 0;",
      "}",
      "class C {",
      "  private readonly entries = new Map();",
      "}",
    ].join("\n");
    expect(names(text)).toEqual([]);
  });

  it("holds for the registry itself and the files it replaced maps in", () => {
    for (const text of [memos, tokens, pages]) expect(moduleMemories(text)).toEqual([]);
    expect(names("const digests = new BoundedMap<string, string>(1_000);")).toEqual(["digests"]);
  });
});
