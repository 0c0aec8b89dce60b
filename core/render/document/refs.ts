import type { JSONDocument } from "@gitbook/api";
import {
  MAX_WALK_DEPTH,
  dataOf,
  fragmentsOf,
  isRecord,
  childNodes,
  stringField,
  type LooseNode,
} from "../../document/loose";
import type { DocumentRefs } from "../model";
import { refOf } from "./links";

/**
 * What a document references, found in one walk so the page route can prefetch it all through
 * the API before the synchronous render: files (images, files, drawings, table cells and covers,
 * links to files), pages (links, mentions, buttons, cards, anchors), embed URLs, OpenAPI spec
 * slugs and reusable contents.
 */

/** Adds what one reference value points at. */
function addRef(refs: DocumentRefs, value: unknown): void {
  const ref = refOf(value);
  if (!ref) return;
  if (ref.kind === "file") refs.files.add(ref.file);
  else if (ref.kind === "page") refs.pages.add(ref.page);
  else if (ref.kind === "anchor" && ref.page) refs.pages.add(ref.page);
  else if (ref.kind === "openapi") refs.openapi.add(ref.spec);
  else if (ref.kind === "reusable-content") refs.reusableContents.add(ref.reusableContent);
}

/** Adds the references of a table's cells by column type: files, content refs, images. */
function addTableRefs(refs: DocumentRefs, data: LooseNode): void {
  const definitions = isRecord(data.definition) ? data.definition : {};
  const typeOf = (column: string) => {
    const def = definitions[column];
    return isRecord(def) && typeof def.type === "string" ? def.type : "";
  };
  const records = isRecord(data.records) ? Object.values(data.records) : [];
  for (const record of records) {
    if (!isRecord(record) || !isRecord(record.values)) continue;
    for (const [column, value] of Object.entries(record.values)) {
      const type = typeOf(column);
      if (type === "files" && Array.isArray(value)) {
        for (const id of value) if (typeof id === "string") refs.files.add(id);
      } else if ((type === "content-ref" || type === "image") && isRecord(value)) {
        addRef(refs, "ref" in value ? value.ref : value);
      }
    }
  }
}

/** Adds what one node references (not its children). */
function addNodeRefs(refs: DocumentRefs, node: LooseNode): void {
  const data = dataOf(node);
  addRef(refs, data.ref);
  addRef(refs, data.refDark);
  if (node.type === "embed") {
    const url = stringField(data, "url");
    if (url) refs.embeds.add(url);
  } else if (node.type === "table") {
    addTableRefs(refs, data);
  }
}

/** Every reference of a document, in one walk (depth-bounded like every document walk). */
export function collectRefs(doc: JSONDocument): DocumentRefs {
  const refs: DocumentRefs = {
    files: new Set(),
    pages: new Set(),
    embeds: new Set(),
    openapi: new Set(),
    reusableContents: new Set(),
  };
  const stack: Array<[LooseNode, number]> = [];
  const top = Array.isArray(doc.nodes) ? (doc.nodes as unknown[]).filter(isRecord) : [];
  for (let i = top.length - 1; i >= 0; i--) stack.push([top[i] as LooseNode, 1]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [LooseNode, number];
    addNodeRefs(refs, node);
    if (depth > MAX_WALK_DEPTH) continue;
    for (const fragment of fragmentsOf(node)) {
      for (const child of childNodes(fragment)) stack.push([child, depth + 1]);
    }
    for (const child of childNodes(node)) stack.push([child, depth + 1]);
  }
  return refs;
}
