import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DocumentSchema, parseMarkdown } from "../../../core/document";
import { fromEditor } from "../../../core/editor/from-editor";
import { NODE_SPECS } from "../../../core/editor/nodes";
import type { PmNode } from "../../../core/editor/pm-json";
import { editorSchema } from "../../../core/editor/schema";
import { toEditor } from "../../../core/editor/to-editor";
import { CANONICAL_SAMPLES, REALISTIC_PAGE, TRICKY_SAMPLES } from "../../content/document/fixtures";
import { FOREIGN_DOCUMENTS } from "../../content/document/foreign-documents";
import { gitbookDocument } from "../../content/document/gitbook-arbitraries";
import { foreignDocument, looseDocument } from "./foreign-arbitraries";

type Json = Record<string, unknown>;

/** The document after a trip through ProseMirror: JSON → Node (checked) → JSON. */
function throughEditor(document: Json): Json {
  const node = editorSchema.nodeFromJSON(toEditor(document));
  node.check();
  return fromEditor(node.toJSON() as PmNode) as unknown as Json;
}

/** The editor node types a document's editor JSON uses. */
function editorTypes(node: PmNode, out = new Set<string>()): Set<string> {
  out.add(node.type);
  for (const child of node.content ?? []) editorTypes(child, out);
  return out;
}

/** The Documents an editor's opaque nodes carry. */
function opaqueJson(node: PmNode, out: unknown[] = []): unknown[] {
  if (node.type.startsWith("opaque")) out.push(node.attrs?.json);
  for (const child of node.content ?? []) opaqueJson(child, out);
  return out;
}
/** A link with no text: the only thing of the parser's the editor cannot edit (no mark spans it). */
const EMPTY_LINK = {
  object: "inline",
  type: "link",
  nodes: [{ object: "text", leaves: [{ object: "leaf", text: "", marks: [] }] }],
};

const KNOWN = new Set([...NODE_SPECS.flatMap((spec) => spec.types), "link"]);
/** The nodes of types the editor does not know, in document order (not inside one another). */
function unknownNodes(node: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) node.forEach((child) => unknownNodes(child, out));
  else if (typeof node === "object" && node !== null) {
    const { object, type } = node as Json;
    if ((object === "block" || object === "inline") && !KNOWN.has(type as string)) out.push(node);
    else Object.values(node).forEach((child) => unknownNodes(child, out));
  }
  return out;
}
const text = (value: unknown) => JSON.stringify(value);

/** The only children the editor's lists of items hold. */
const ITEM_OF: Record<string, string> = {
  "list-unordered": "list-item",
  "list-ordered": "list-item",
  "list-tasks": "list-item",
  tabs: "tabs-item",
  stepper: "stepper-step",
  columns: "column",
  updates: "update",
  code: "code-line",
  images: "image",
};
/** Why a foreign node may be carried opaque: an unknown type, a link with no text, a list of items holding another node. */
function mustBeOpaque(json: unknown): boolean {
  const node = json as Json;
  const type = node.type as string;
  if (!KNOWN.has(type)) return true;
  if (type === "link") return !/"text":"[^"]/.test(JSON.stringify(node.nodes));
  // An item outside its list (a list item among blocks) fits nowhere but its list.
  if (Object.values(ITEM_OF).includes(type)) return true;
  if (touchingEqualLinks(node)) return true;
  return type in ITEM_OF && (node.nodes as Json[]).some((item) => item.type !== ITEM_OF[type]);
}

/**
 * Two equal links with only empty texts between them: ProseMirror joins adjacent equal marks, so
 * the editor cannot keep the boundary, and the codec carries the block whole.
 */
function touchingEqualLinks(node: Json): boolean {
  const inlines = ((node.nodes as Json[] | undefined) ?? []).filter(
    (child) => !(child.object === "text" && !/"text":"[^"]/.test(JSON.stringify(child.leaves))),
  );
  return inlines.some(
    (child, i) =>
      i > 0 &&
      child.type === "link" &&
      inlines[i - 1]?.type === "link" &&
      text(inlines[i - 1]?.data) === text(child.data),
  );
}

/** Both trips give the document back; `exact` also holds its JSON text to the byte. */
function expectLossless(document: Json): void {
  expect(fromEditor(toEditor(document))).toStrictEqual(document);
  expect(throughEditor(document)).toStrictEqual(document);
}

const parsed = (markdown: string) => parseMarkdown(markdown).document as unknown as Json;
const FIXTURES: Array<[string, string]> = [
  ["realistic page", REALISTIC_PAGE],
  ...CANONICAL_SAMPLES,
  ...TRICKY_SAMPLES.map((markdown, i): [string, string] => [`tricky ${i}`, markdown]),
];

describe("the editor's codec (Document ↔ ProseMirror JSON)", () => {
  it("gives back every generated Document, with no opaque node", () => {
    fc.assert(
      fc.property(gitbookDocument, (document) => {
        expectLossless(document);
        const types = editorTypes(toEditor(document));
        expect(types.has("opaqueBlock") || types.has("opaqueInline")).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it.each(FIXTURES)("gives back the parsed fixture %s, with no opaque node", (_name, markdown) => {
    const document = parsed(markdown);
    expectLossless(document);
    for (const json of opaqueJson(toEditor(document))) expect(json).toMatchObject(EMPTY_LINK);
  });

  it.each(FOREIGN_DOCUMENTS)("gives back the foreign document %s", (_name, document) => {
    expectLossless(document);
  });

  it("gives back documents with unknown types, fields and marks, byte for byte", () => {
    fc.assert(
      fc.property(foreignDocument, (document) => {
        expect(DocumentSchema.safeParse(document).success).toBe(true);
        expectLossless(document);
        for (const json of opaqueJson(toEditor(document))) expect(mustBeOpaque(json)).toBe(true);
        const back = throughEditor(document);
        expect(unknownNodes(back).map(text)).toEqual(unknownNodes(document).map(text));
      }),
      { numRuns: 300 },
    );
  });

  it("gives back any tree of loose nodes the Document schema accepts", () => {
    fc.assert(
      fc.property(looseDocument, (document) => {
        fc.pre(DocumentSchema.safeParse(document).success);
        expectLossless(document);
      }),
      { numRuns: 300 },
    );
  });

  it("maps the heading levels, anchors, task items and code line highlights to attributes", () => {
    const document = parsed("## Title\n\n* [x] done\n");
    const editor = toEditor(document);
    const [heading, list] = editor.content ?? [];
    expect(heading?.type).toBe("heading");
    expect(heading?.attrs).toMatchObject({ level: 2, id: null, extra: null, layout: null });
    expect(list?.type).toBe("taskList");
    expect(list?.content?.[0]?.attrs).toMatchObject({ checked: true, extra: null });
  });
});
