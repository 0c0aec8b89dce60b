import fc from "fast-check";
import { gitbookDocument } from "../../content/document/gitbook-arbitraries";

/**
 * fast-check generators of Documents as GitBook or a future version may store them, not as
 * the parser writes them: the generated documents of gitbook-arbitraries.ts, perturbed node by
 * node (unknown fields, blocks, inlines and marks, missing keys, Slate's empty texts around
 * inlines, texts split in two, marks in another order, malformed children).
 */

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const FUTURE_MARK = { object: "mark", type: "future-mark", data: { level: 2 } };
const FUTURE_INLINE = {
  object: "inline",
  type: "future-inline",
  isVoid: true,
  data: { n: [1, "two", null] },
};
const emptyText = () => ({ object: "text", leaves: [{ object: "leaf", text: "", marks: [] }] });

/** Perturbs one node with the next choice; returns the node (or what replaces it). */
function perturb(node: unknown, next: () => number): unknown {
  if (!isRecord(node)) return node;
  const out: Json = { ...node };
  for (const field of ["nodes", "fragments", "leaves"]) {
    if (Array.isArray(out[field]))
      out[field] = (out[field] as unknown[]).map((c) => perturb(c, next));
  }
  const choice = next() % 12;
  const inlineContent =
    Array.isArray(out.nodes) && (out.nodes as Json[]).some((c) => c.object === "text");
  if (choice === 1 && isRecord(out.data)) out.data = { ...out.data, future: { x: [1, "y"] } };
  if (choice === 2) delete out.key;
  if (choice === 3 && (out.object === "block" || out.object === "inline")) {
    out.meta = { future: true };
  }
  if (choice === 4 && inlineContent) {
    out.nodes = (out.nodes as Json[]).flatMap((c) =>
      c.object === "text" ? [c] : [emptyText(), c],
    );
  }
  if (choice === 5 && out.object === "text" && Array.isArray(out.leaves) && out.leaves.length > 1) {
    return [
      { object: "text", leaves: out.leaves.slice(0, 1) },
      { object: "text", leaves: out.leaves.slice(1) },
    ];
  }
  if (choice === 6 && out.object === "leaf") out.marks = [FUTURE_MARK, ...(out.marks as Json[])];
  if (choice === 7 && out.object === "leaf") out.marks = [...(out.marks as Json[])].reverse();
  if (choice === 8 && inlineContent) out.nodes = [...(out.nodes as Json[]), FUTURE_INLINE];
  if (choice === 9 && out.object === "block") {
    return { object: "block", type: "future-block", key: "f1", data: { a: 1 }, nodes: [out] };
  }
  if (choice === 10 && out.object === "block" && out.type === "list-unordered") {
    out.nodes = [...(out.nodes as Json[]), { object: "block", type: "paragraph", nodes: [] }];
  }
  if (choice === 11 && out.object === "leaf") out.text = "";
  return out;
}

/** Flattens the texts `perturb` split in two into their parent's `nodes`. */
function flattenSplits(node: unknown): unknown {
  if (!isRecord(node)) return node;
  const out: Json = { ...node };
  for (const field of ["nodes", "fragments"]) {
    if (Array.isArray(out[field])) {
      out[field] = (out[field] as unknown[]).flatMap((c) => {
        const flat = flattenSplits(c);
        return Array.isArray(flat) ? flat : [flat];
      });
    }
  }
  return out;
}

/** Documents GitBook or a later version may store (each valid for `DocumentSchema`). */
export const foreignDocument = fc
  .tuple(gitbookDocument, fc.array(fc.nat(), { minLength: 1, maxLength: 40 }))
  .map(([document, choices]) => {
    let i = 0;
    const next = () => choices[i++ % choices.length] as number;
    const nodes = (document.nodes as unknown[]).map((node) => flattenSplits(perturb(node, next)));
    return { ...document, data: { schemaVersion: 1 }, nodes: nodes.flat() } as Json;
  });

const TYPES = ["paragraph", "heading-2", "link", "list-ordered", "list-item", "code", "code-line"];
const MORE_TYPES = ["image", "images", "table", "emoji", "bold", "color", "tabs", "future"];
const FIELD_VALUES = fc.oneof(
  fc.string({ maxLength: 3 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.constantFrom("kind", "url", "id"), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
);
/** Any tree of nodes with any of the Document's keys, `depth` deep: what a careless writer may store. */
function looseNode(depth: number): fc.Arbitrary<Json> {
  const children = (maxLength: number) =>
    depth === 0 ? fc.constant([]) : fc.array(looseNode(depth - 1), { maxLength });
  return fc.record(
    {
      object: fc.constantFrom("block", "inline", "text", "leaf", "mark", "fragment"),
      type: fc.constantFrom(...TYPES, ...MORE_TYPES),
      key: fc.oneof(fc.string({ maxLength: 2 }), fc.integer()),
      isVoid: fc.boolean(),
      data: fc.dictionary(
        fc.constantFrom("ref", "start", "checked", "style", "title", "text", "code", "future"),
        FIELD_VALUES,
        { maxKeys: 3 },
      ),
      meta: fc.dictionary(fc.constantFrom("id", "x"), FIELD_VALUES, { maxKeys: 2 }),
      fragment: fc.string({ maxLength: 2 }),
      text: fc.constantFrom("", "a", "b\nc"),
      nodes: children(3),
      leaves: children(2),
      marks: children(1),
      fragments: children(1),
    },
    { requiredKeys: ["object"] },
  );
}

/** Documents of loose nodes (the ones `DocumentSchema` accepts are the codec's input). */
export const looseDocument = fc
  .array(looseNode(3), { maxLength: 3 })
  // Through JSON: fast-check may build objects without a prototype, which JSON never holds.
  .map((nodes) => JSON.parse(JSON.stringify({ object: "document", data: {}, nodes })) as Json);
