import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  blocksOf,
  contentOf,
  diffBlocks,
  diffCounts,
  type BlockChange,
  type DiffBlock,
} from "../../core/diff/blocks";

/**
 * The block diff of core/diff/blocks.ts: pairing by key then by content, moves, and, over
 * generated edits of generated pages, that every block of each side appears exactly once, the
 * new side in its order, and that a page diffed with itself changes nothing.
 */

function paragraph(key: string, text: string): DiffBlock {
  return {
    object: "block",
    type: "paragraph",
    key,
    nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
  };
}

const kinds = (changes: BlockChange[]) =>
  changes.map((c) =>
    (c.kind === "same" || c.kind === "changed") && c.moved ? `${c.kind}*` : c.kind,
  );

describe("the block diff", () => {
  it("pairs by key, then by content, and says what was added, removed, changed", () => {
    const before = [paragraph("a", "One"), paragraph("b", "Two"), paragraph("c", "Three")];
    const after = [paragraph("a", "One!"), paragraph("x", "Three"), paragraph("d", "Four")];
    const diff = diffBlocks(before, after);
    expect(kinds(diff)).toEqual(["changed", "removed", "same", "added"]);
    expect(diffCounts(diff)).toEqual({ added: 1, removed: 1, changed: 1 });
  });

  it("marks a block that left the order as moved", () => {
    const a = paragraph("a", "A");
    const b = paragraph("b", "B");
    const c = paragraph("c", "C");
    expect(kinds(diffBlocks([a, b, c], [c, a, b]))).toEqual(["same*", "same", "same"]);
  });

  it("ignores keys and key order in the content it compares", () => {
    expect(contentOf({ b: 1, a: [{ key: "x", t: 2 }] })).toBe(contentOf({ a: [{ t: 2 }], b: 1 }));
    expect(blocksOf({ nodes: [paragraph("a", "A"), 5, null] })).toHaveLength(1);
    expect(blocksOf(undefined)).toEqual([]);
  });

  it("holds every block once, the new side in order, over generated edits", () => {
    const block = fc
      .tuple(fc.constantFrom("a", "b", "c", "d", "e", "f", ""), fc.constantFrom("x", "y", "z"))
      .map(([key, text]) => paragraph(key, text));
    const edits = fc.record({
      before: fc.array(block, { maxLength: 8 }),
      extra: fc.array(block, { maxLength: 4 }),
      order: fc.array(fc.nat(), { maxLength: 12 }),
      drop: fc.array(fc.boolean(), { maxLength: 12 }),
    });
    fc.assert(
      fc.property(edits, ({ before, extra, order, drop }) => {
        const kept = before.filter((_, i) => !drop[i]);
        const after = [...kept, ...extra]
          .map((b, i) => ({ b, o: order[i] ?? i }))
          .sort((x, y) => x.o - y.o)
          .map(({ b }) => b);
        const diff = diffBlocks(before, after);
        const afters = diff.flatMap((c) => (c.kind === "removed" ? [] : [c.after]));
        expect(afters).toEqual(after);
        const befores = diff.flatMap((c) => (c.kind === "added" ? [] : [c.before]));
        expect(new Set(befores).size).toBe(befores.length);
        expect(befores.length).toBe(before.length);
        for (const c of diff) {
          if (c.kind === "same") expect(contentOf(c.before)).toBe(contentOf(c.after));
          if (c.kind === "changed") expect(contentOf(c.before)).not.toBe(contentOf(c.after));
        }
        // Blocks that did not move keep their order from before.
        const stayed = diff.flatMap((c) =>
          c.kind === "removed" || ((c.kind === "same" || c.kind === "changed") && !c.moved)
            ? [before.indexOf(c.before)]
            : [],
        );
        expect(stayed).toEqual([...stayed].sort((x, y) => x - y));
        const self = diffBlocks(before, before);
        expect(self.every((c) => c.kind === "same" && !c.moved)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
