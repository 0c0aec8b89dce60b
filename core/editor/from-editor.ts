import type { LooseNode } from "../document/loose";
import type { JsonDocument } from "../document/types";
import { joinFields } from "./fields";
import { textblockInlines } from "./layout";
import { OPAQUE } from "./nodes";
import { nodeSpecNamed, type PmNode } from "./pm-json";
import { CODEC_ATTRS } from "./schema";
import { childrenKey } from "./to-editor";

/**
 * The editor → Document half of the codec. Each editor node gives back the Document node it
 * stands for: its type, its key, its attributes put back in their fields, `extra` as it was;
 * opaque atoms give back the JSON they carry, verbatim.
 *
 * The rule, both halves together: `fromEditor(toEditor(d))` deep-equals `d` for every
 * Document `d` (nothing is normalised), and so does `fromEditor(editorSchema.nodeFromJSON(
 * toEditor(d)).toJSON())`. A textblock the editor changed is written in the canonical form:
 * the texts between two inlines are one text node, a run of the same marks one leaf, marks in
 * the schema's order (`MARK_SPECS`), an empty textblock one empty leaf. New nodes (no `key`, no
 * `extra`) are written as GitBook writes them: `isVoid`, `data` with the attributes that are
 * set; the codec assigns no keys (`assignKeys` of core/document does, where documents are
 * stored).
 */

/** The Document node of an editor node. */
function documentNode(node: PmNode): unknown {
  if (node.type === OPAQUE.block || node.type === OPAQUE.inline) return node.attrs?.json;
  const spec = nodeSpecNamed(node.type);
  if (!spec) throw new TypeError(`not a node of the editor's schema: ${node.type}`);
  const out: LooseNode = { object: spec.object };
  if (spec.object === "block" || spec.object === "inline") {
    const level = spec.typeAttr ? node.attrs?.[spec.typeAttr.name] : undefined;
    const index = spec.typeAttr ? spec.typeAttr.values.indexOf(level as number) : 0;
    out.type = spec.types[Math.max(index, 0)];
  }
  Object.assign(out, joinFields(node.attrs, spec));
  const key = childrenKey(spec);
  const content = node.content ?? [];
  if (spec.children === "inlines") {
    out.nodes = textblockInlines(content, node.attrs?.[CODEC_ATTRS.layout]);
  } else if (key) {
    out[key] = content.map(documentNode);
  }
  return out;
}

/**
 * The Document of the editor's ProseMirror JSON (`doc.toJSON()`): the inverse of `toEditor`.
 * Throws a TypeError on JSON that is not of the editor's schema.
 */
export function fromEditor(json: PmNode): JsonDocument {
  if (json.type !== "doc") throw new TypeError("not the editor's document: expected type 'doc'");
  return documentNode(json) as JsonDocument;
}
