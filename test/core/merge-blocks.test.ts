import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DiffBlock } from "../../core/diff/blocks";
import { conflictsOf, mergeBlocks, type MergedEntry } from "../../core/merge/blocks";
import { mergeDocuments, resolveDocument } from "../../core/merge/document";

/**
 * The three-way block merge of core/merge: examples of each rule, then, over generated edits of
 * generated pages, that one side unchanged gives the other, the same edit on both gives it once,
 * no block is lost or duplicated, and conflicts stand only where both sides touched a block.
 */

function paragraph(key: string, text: string): DiffBlock {
  return {
    object: "block",
    type: "paragraph",
    key,
    nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
  };
}

const textOf = (block: DiffBlock) =>
  (block.nodes as { leaves: { text: string }[] }[])[0]!.leaves[0]!.text;

const blocksOnly = (entries: MergedEntry[]) =>
  entries.map((e) => {
    if ("block" in e) return e.block;
    throw new Error(`unexpected conflict on ${e.conflict.key}`);
  });

const list = (key: string, items: DiffBlock[]): DiffBlock => ({
  object: "block",
  type: "list-unordered",
  key,
  nodes: items.map((item) => ({
    object: "block",
    type: "list-item",
    key: `i${item.key}`,
    nodes: [item],
  })),
});

describe("the three-way block merge", () => {
  const base = [paragraph("a", "A"), paragraph("b", "B"), paragraph("c", "C")];

  it("takes each side's change to different blocks, re-keyed edits included", () => {
    const ours = [paragraph("a", "A, main"), paragraph("b", "B"), paragraph("c", "C")];
    // A markdown edit re-keys the block it changes: paired by its place and type.
    const theirs = [paragraph("a", "A"), paragraph("b", "B"), paragraph("zz", "C, mine")];
    const merged = blocksOnly(mergeBlocks(base, ours, theirs));
    expect(merged.map(textOf)).toEqual(["A, main", "B", "C, mine"]);
  });

  it("is a conflict where both changed one block, or one deleted what the other changed", () => {
    const ours = [paragraph("a", "A, main"), paragraph("c", "C")];
    const theirs = [paragraph("x", "A, mine"), paragraph("b", "B, mine"), paragraph("c", "C")];
    const entries = mergeBlocks(base, ours, theirs);
    const conflicts = conflictsOf(entries);
    expect(conflicts.map((c) => c.key)).toEqual(["a", "b"]);
    expect(textOf(conflicts[0]!.ours!)).toBe("A, main");
    expect(textOf(conflicts[0]!.theirs!)).toBe("A, mine");
    expect(conflicts[1]!.ours).toBeNull();
    expect(entries).toHaveLength(3);
  });

  it("keeps both sides' new blocks at one place (ours first) and drops what one side deleted", () => {
    const ours = [paragraph("a", "A"), paragraph("n1", "N1"), paragraph("c", "C")];
    const theirs = [paragraph("a", "A"), paragraph("b", "B"), paragraph("n2", "N2")];
    const merged = blocksOnly(mergeBlocks(base, ours, theirs));
    expect(merged.map(textOf)).toEqual(["A", "N1", "N2"]);
  });

  it("merges edits of different child blocks (list items) without a conflict", () => {
    const items = [paragraph("p", "one"), paragraph("q", "two")];
    const b = [list("l", items)];
    const o = [list("l", [paragraph("p", "one, main"), items[1]!])];
    const t = [list("l", [items[0]!, paragraph("q", "two, mine")])];
    const merged = blocksOnly(mergeBlocks(b, o, t));
    const children = (merged[0]!.nodes as DiffBlock[]).map((i) =>
      textOf((i.nodes as DiffBlock[])[0]!),
    );
    expect(children).toEqual(["one, main", "two, mine"]);
  });

  it("resolves a Document's conflicts by choice; both keeps mine after main's, keys unique", () => {
    const doc = (nodes: DiffBlock[]) => ({ object: "document", data: {}, nodes });
    const ours = doc([paragraph("a", "A, main"), paragraph("b", "B"), paragraph("c", "C")]);
    const theirs = doc([paragraph("a", "A, mine"), paragraph("b", "B"), paragraph("c", "C")]);
    const merge = mergeDocuments(doc(base), ours, theirs);
    const versions = { ours, theirs };
    expect(resolveDocument(merge, versions, () => undefined)).toBeNull();
    const pick = (take: "ours" | "theirs" | "both") =>
      (resolveDocument(merge, versions, () => take)!.nodes as DiffBlock[]).map(textOf);
    expect(pick("ours")).toEqual(["A, main", "B", "C"]);
    expect(pick("theirs")).toEqual(["A, mine", "B", "C"]);
    expect(pick("both")).toEqual(["A, main", "A, mine", "B", "C"]);
    const keys = (resolveDocument(merge, versions, () => "both")!.nodes as DiffBlock[]).map(
      (b) => b.key,
    );
    expect(keys).toEqual(["a", undefined, "b", "c"]);
  });
});

/** A generated side: each base block kept, edited (key kept), re-keyed and edited, or deleted. */
const side = (name: string, size: number) =>
  fc.record({
    fate: fc.array(fc.constantFrom("keep", "keep", "edit", "rekey", "delete"), {
      minLength: size,
      maxLength: size,
    }),
    added: fc.array(fc.tuple(fc.nat(12), fc.constantFrom("x", "y", "z")), { maxLength: 3 }),
    move: fc.option(fc.tuple(fc.nat(12), fc.nat(12)), { nil: undefined }),
    name: fc.constant(name),
  });

type Side = { fate: string[]; added: [number, string][]; move?: [number, number]; name: string };

function apply(base: DiffBlock[], s: Side): DiffBlock[] {
  const out: DiffBlock[] = [];
  base.forEach((block, i) => {
    const fate = s.fate[i];
    if (fate === "delete") return;
    if (fate === "edit") out.push(paragraph(block.key as string, `${textOf(block)}+${s.name}`));
    else if (fate === "rekey") out.push(paragraph(`${s.name}r${i}`, `${textOf(block)}*${s.name}`));
    else out.push(block);
  });
  s.added.forEach(([at, text], n) =>
    out.splice(at % (out.length + 1), 0, paragraph(`${s.name}n${n}`, `${text}${s.name}${n}`)),
  );
  if (s.move && out.length > 1) {
    const [moved] = out.splice(s.move[0] % out.length, 1);
    out.splice(s.move[1] % (out.length + 1), 0, moved!);
  }
  return out;
}

describe("the three-way block merge over generated edits", () => {
  const world = fc.array(fc.constantFrom("p", "q", "r", "s"), { maxLength: 8 }).chain((texts) => {
    const base = texts.map((t, i) => paragraph(`k${i}`, `${t}${i}`));
    return fc.tuple(fc.constant(base), side("o", base.length), side("t", base.length));
  });

  it("gives one side when the other is unchanged, and the same edit once", () => {
    fc.assert(
      fc.property(world, ([base, o, t]) => {
        const x = apply(base, o);
        const y = apply(base, t);
        expect(blocksOnly(mergeBlocks(base, x, base))).toEqual(x);
        expect(blocksOnly(mergeBlocks(base, base, y))).toEqual(y);
        expect(blocksOnly(mergeBlocks(base, x, x))).toEqual(x);
      }),
      { numRuns: 300 },
    );
  });

  it("loses and duplicates no block, with conflicts only where both sides touched", () => {
    fc.assert(
      fc.property(world, ([base, o, t]) => {
        const x = apply(base, o);
        const y = apply(base, t);
        const entries = mergeBlocks(base, x, y);
        const seen = entries.flatMap((e) =>
          "block" in e
            ? [textOf(e.block)]
            : [e.conflict.ours, e.conflict.theirs].flatMap((b) => (b ? [textOf(b)] : [])),
        );
        const texts = new Set(seen);
        // Every block a side added or changed is there; base blocks neither side touched too.
        const baseTexts = new Set(base.map(textOf));
        for (const b of [...x, ...y])
          if (!baseTexts.has(textOf(b))) expect(texts).toContain(textOf(b));
        for (const b of base) {
          const kept = x.includes(b) && y.includes(b);
          if (kept) expect(texts).toContain(textOf(b));
        }
        // No block twice (a both-sides conflict shows each side once).
        const blocks = entries.flatMap((e) => ("block" in e ? [textOf(e.block)] : []));
        expect(new Set(blocks).size).toBe(blocks.length);
        for (const c of conflictsOf(entries)) {
          if (!c.base) continue;
          const i = base.indexOf(c.base);
          expect(o.fate[i]).not.toBe("keep");
          expect(t.fate[i]).not.toBe("keep");
        }
      }),
      { numRuns: 300 },
    );
  });
});
