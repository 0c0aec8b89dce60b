import { Schema, type AttributeSpec, type MarkSpec, type NodeSpec } from "@tiptap/pm/model";
import { HARD_BREAK, MARK_SPECS, NODE_SPECS, OPAQUE } from "./nodes";
import type { EditorMarkSpec, EditorNodeSpec } from "./spec-types";

/**
 * The editor's ProseMirror schema, built from the one declarative spec (nodes.ts). Besides each
 * spec's fields (null when the Document has none), every node and mark has the attributes the
 * codec needs to give the Document back unchanged: `key` (the node's key, null for none),
 * `extra` (the node's fields no attribute shows, null when they are GitBook's usual ones) and,
 * on textblocks, `layout` (how the Document split the text into texts and leaves, null when
 * canonical). They belong to one node: the Tiptap extensions must not copy `key` and `layout`
 * to the second half of a split node (`keepOnSplit: false`), nor a key to a pasted copy.
 */

/** The names of the attributes the codec adds (see `attributesOf`), and the opaque nodes' `json`. */
export const CODEC_ATTRS = { key: "key", extra: "extra", layout: "layout", json: "json" } as const;

const nullable: AttributeSpec = { default: null };

/** A node's (or mark's) attributes: its fields, its type attribute and the codec's own. */
function attributesOf(spec: EditorNodeSpec | EditorMarkSpec): Record<string, AttributeSpec> {
  const attrs: Record<string, AttributeSpec> = {};
  if ("typeAttr" in spec && spec.typeAttr) {
    attrs[spec.typeAttr.name] = { default: spec.typeAttr.values[0] };
  }
  for (const name of Object.keys(spec.fields)) attrs[name] = nullable;
  if (spec.object === "block" || spec.object === "inline") attrs[CODEC_ATTRS.key] = nullable;
  attrs[CODEC_ATTRS.extra] = nullable;
  if ("children" in spec && spec.children === "inlines") attrs[CODEC_ATTRS.layout] = nullable;
  return attrs;
}

function nodeSpecOf(spec: EditorNodeSpec): NodeSpec {
  const node: NodeSpec = { attrs: attributesOf(spec) };
  if (spec.content !== undefined) node.content = spec.content;
  if (spec.group !== undefined) node.group = spec.group;
  if (spec.inline) node.inline = true;
  if (spec.atom) node.atom = true;
  if (spec.marks !== undefined) node.marks = spec.marks;
  if (spec.code) node.code = true;
  if (spec.defining) node.defining = true;
  if (spec.isolating) node.isolating = true;
  return node;
}

function markSpecOf(spec: EditorMarkSpec): MarkSpec {
  const mark: MarkSpec = { attrs: attributesOf(spec) };
  if (spec.excludes !== undefined) mark.excludes = spec.excludes;
  if (spec.inclusive !== undefined) mark.inclusive = spec.inclusive;
  return mark;
}

const json = { [CODEC_ATTRS.json]: nullable };
const nodes: Record<string, NodeSpec> = {};
for (const spec of NODE_SPECS) nodes[spec.name] = nodeSpecOf(spec);
nodes.text = { group: "inline" };
nodes[HARD_BREAK] = { group: "inline", inline: true, selectable: false };
nodes[OPAQUE.block] = { group: "block", atom: true, attrs: json };
nodes[OPAQUE.inline] = { group: "inline", inline: true, atom: true, attrs: json };

const marks: Record<string, MarkSpec> = {};
for (const spec of MARK_SPECS) marks[spec.name] = markSpecOf(spec);
marks[OPAQUE.mark] = { attrs: json, excludes: "" };

/** The editor's schema: what the browser editor and the co-editing rooms both load. */
export const editorSchema = new Schema({ nodes, marks, topNode: "doc" });
