import { getSchema } from "@tiptap/core";
import type { MarkType, NodeType } from "@tiptap/pm/model";
import { describe, expect, it } from "vitest";
import { EditorState, TextSelection } from "@tiptap/pm/state";
import { moveBlockTo, moveSelectedBlocks } from "../../app/client/editor/block-moves";
import { schemaExtensions } from "../../app/client/editor/extensions";
import { fromEditor } from "../../core/editor/from-editor";
import type { PmNode } from "../../core/editor/pm-json";
import { editorSchema } from "../../core/editor/schema";
import { toEditor } from "../../core/editor/to-editor";
import { parseMarkdown } from "../../core/document";
import { CANONICAL_SAMPLES, REALISTIC_PAGE, TRICKY_SAMPLES } from "../content/document/fixtures";
import { FOREIGN_DOCUMENTS } from "../content/document/foreign-documents";

/**
 * The browser editor's Tiptap extensions (app/client/editor/extensions.ts) are derived from the
 * codec's spec: their ProseMirror schema must be the codec's `editorSchema`, or the editor
 * would hold documents the codec cannot write back (or refuse ones it can).
 */

const tiptapSchema = getSchema(schemaExtensions());

const NODE_FIELDS = ["content", "group", "inline", "atom", "marks", "code", "defining"] as const;
const MARK_FIELDS = ["excludes", "inclusive"] as const;

/** What of a type matters to the documents it accepts and to the codec: its spec and attrs. */
function shape(type: NodeType | MarkType, fields: readonly string[]): Record<string, unknown> {
  const spec = type.spec as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // An absent flag and a false one are the same to ProseMirror.
  for (const field of [...fields, "isolating"]) {
    out[field] = spec[field] === undefined || spec[field] === false ? null : spec[field];
  }
  out.attrs = Object.fromEntries(
    Object.entries(type.spec.attrs ?? {}).map(([name, attr]) => [name, attr.default ?? null]),
  );
  return out;
}

describe("the editor's Tiptap extensions", () => {
  it("build the codec's schema: the same nodes and marks, specs and attribute defaults", () => {
    expect(Object.keys(tiptapSchema.nodes).sort()).toEqual(Object.keys(editorSchema.nodes).sort());
    expect(Object.keys(tiptapSchema.marks).sort()).toEqual(Object.keys(editorSchema.marks).sort());
    for (const [name, type] of Object.entries(editorSchema.nodes)) {
      const other = tiptapSchema.nodes[name] as NodeType;
      expect({ name, ...shape(other, NODE_FIELDS) }).toEqual({ name, ...shape(type, NODE_FIELDS) });
    }
    for (const [name, type] of Object.entries(editorSchema.marks)) {
      const other = tiptapSchema.marks[name] as MarkType;
      expect({ name, ...shape(other, MARK_FIELDS) }).toEqual({ name, ...shape(type, MARK_FIELDS) });
    }
    expect(tiptapSchema.topNodeType.name).toBe(editorSchema.topNodeType.name);
  });

  it("hold every fixture document and give it back unchanged", () => {
    const markdowns = [REALISTIC_PAGE, ...CANONICAL_SAMPLES.map(([, md]) => md), ...TRICKY_SAMPLES];
    const documents = [
      ...markdowns.map((markdown) => parseMarkdown(markdown).document),
      ...FOREIGN_DOCUMENTS.map(([, document]) => document),
    ] as Array<Parameters<typeof toEditor>[0]>;
    for (const document of documents) {
      const node = tiptapSchema.nodeFromJSON(toEditor(document));
      node.check();
      expect(fromEditor(node.toJSON() as PmNode)).toEqual(document);
    }
  });

  it("move top-level blocks whole: keys and text kept, the caret in its text, ends refused", () => {
    const document = parseMarkdown("Alpha.\n\n## Beta\n\n- Gamma\n\nDelta.").document;
    const doc = tiptapSchema.nodeFromJSON(toEditor(document as Parameters<typeof toEditor>[0]));
    const at = EditorState.create({ doc, selection: TextSelection.create(doc, 3) });
    const texts = (state: EditorState) => {
      const out: string[] = [];
      state.doc.forEach((node) => out.push(node.textContent));
      return out;
    };
    const keys = (state: EditorState) =>
      fromEditor(state.doc.toJSON() as PmNode).nodes.map((n) => n.key);
    const down = at.apply(moveSelectedBlocks(at, 1)!);
    expect(texts(down)).toEqual(["Beta", "Alpha.", "Gamma", "Delta."]);
    expect(down.selection.$from.parent.textContent).toBe("Alpha.");
    expect(down.selection.$from.parentOffset).toBe(2);
    expect(keys(down).sort()).toEqual(keys(at).sort());
    expect(moveSelectedBlocks(at, -1)).toBeNull();
    const dragged = at.apply(moveBlockTo(at, 3, 1)!);
    expect(texts(dragged)).toEqual(["Alpha.", "Delta.", "Beta", "Gamma"]);
    expect(dragged.selection.$from.parent.textContent).toBe("Delta.");
    expect(texts(at.apply(moveBlockTo(at, 0, 4)!))).toEqual(["Beta", "Gamma", "Delta.", "Alpha."]);
    expect(moveBlockTo(at, 1, 2)).toBeNull();
    expect(moveBlockTo(at, 1, 1)).toBeNull();
  });
});
