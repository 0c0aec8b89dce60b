import { isRecord, type LooseNode } from "../document/loose";
import type { JsonDocument } from "../document/types";
import { hasType, joinFields, splitFields } from "./fields";
import { editorInlines } from "./layout";
import { OPAQUE } from "./nodes";
import { nodeSpecFor, opaque, sameJson, type PmNode } from "./pm-json";
import { CODEC_ATTRS, editorSchema } from "./schema";
import type { EditorNodeSpec } from "./spec-types";

/**
 * The Document → editor half of the codec (from-editor.ts is the other). A node becomes the
 * editor node its spec names when the codec can give it back unchanged: its fields fit, its
 * children fit the node's content expression. Otherwise (a type from the future, a malformed
 * node, children where GitBook puts none) it is carried whole in an opaque atom.
 */

/** The key under which a node of this spec keeps its children. */
export const childrenKey = (spec: EditorNodeSpec): string | null =>
  spec.children === "fragments" ? "fragments" : spec.children === "none" ? null : "nodes";

/** Whether the editor's content for a node fits its content expression. */
function fits(name: string, content: PmNode[]): boolean {
  let match = editorSchema.nodes[name]?.contentMatch ?? null;
  for (const child of content) {
    const type = editorSchema.nodes[child.type];
    match = type && match ? match.matchType(type) : null;
    if (!match) return false;
  }
  return match?.validEnd ?? false;
}

/** The attributes of a node, or null when joinFields would not give its fields back. */
function attributes(node: LooseNode, spec: EditorNodeSpec): Record<string, unknown> | null {
  const key = childrenKey(spec);
  const attrs = splitFields(node, spec, key);
  const fields: LooseNode = { ...node };
  delete fields.object;
  if (hasType(spec)) delete fields.type;
  if (key) delete fields[key];
  if (!sameJson(joinFields(attrs, spec), fields)) return null;
  if (spec.typeAttr) {
    const value = spec.typeAttr.values[spec.types.indexOf(node.type as string)];
    attrs[spec.typeAttr.name] = value;
  }
  return attrs;
}

/** The editor node of a Document node, or null when it must be carried opaque. */
function structured(node: LooseNode, spec: EditorNodeSpec): PmNode | null {
  const attrs = attributes(node, spec);
  if (!attrs) return null;
  const key = childrenKey(spec);
  const children = key ? node[key] : undefined;
  if (key && !Array.isArray(children)) return null;
  let content: PmNode[] = [];
  if (spec.children === "inlines") {
    const inlines = editorInlines(children as unknown[]);
    if (!inlines) return null;
    content = inlines.content;
    attrs[CODEC_ATTRS.layout] = inlines.layout;
  } else if (spec.children === "blocks") {
    const blocks = children as unknown[];
    content = blocks.map(blockOf);
    // An item standing where only blocks may (a list item outside a list) is carried opaque.
    if (!fits(spec.name, content)) {
      content = content.map((child, i) =>
        editorSchema.nodes[child.type]?.isInGroup("block")
          ? child
          : opaque(OPAQUE.block, blocks[i]),
      );
    }
  } else if (spec.children === "fragments") {
    for (const fragment of children as unknown[]) {
      const fragmentSpec = isRecord(fragment) ? nodeSpecFor(fragment) : undefined;
      const encoded = fragmentSpec ? structured(fragment as LooseNode, fragmentSpec) : null;
      if (!encoded) return null;
      content.push(encoded);
    }
  }
  if (!fits(spec.name, content)) return null;
  return content.length > 0 ? { type: spec.name, attrs, content } : { type: spec.name, attrs };
}

/** The editor node of a block (or whatever stands among blocks). */
function blockOf(node: unknown): PmNode {
  const spec = isRecord(node) ? nodeSpecFor(node) : undefined;
  const encoded = spec?.object === "block" ? structured(node as LooseNode, spec) : null;
  return encoded ?? opaque(OPAQUE.block, node);
}

/**
 * A Document as the editor's ProseMirror JSON (`editorSchema.nodeFromJSON` reads it).
 * Lossless: `fromEditor(toEditor(document))` deep-equals the document, for any document that
 * `DocumentSchema` accepts, also after a trip through ProseMirror (see from-editor.ts).
 */
export function toEditor(document: JsonDocument | LooseNode): PmNode {
  const spec = nodeSpecFor(document as LooseNode);
  const encoded = spec ? structured(document as LooseNode, spec) : null;
  if (!encoded) throw new TypeError("not a Document: expected {object: 'document', nodes: [...]}");
  return encoded;
}
