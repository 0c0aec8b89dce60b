import type * as Y from "yjs";
import type { PmNode } from "../editor/pm-json";

/**
 * The root node's attributes in a live room's Yjs document (issue 38). The page body is the
 * `Y.XmlFragment` "default", and a fragment has no attributes: the editor's `doc` node attrs (the
 * Document's top-level `data`, e.g. `{schemaVersion: 1}`, and the codec's `extra`) live beside it,
 * in the `Y.Map` "document", as one JSON string (one value, so its key order is kept and a change
 * replaces it whole). The room sets it on load and on writes from elsewhere; a browser bound to
 * the room reads it to tell the whole Document (`withRootAttrs`).
 */

/** The map beside the fragment, and its one key. */
const ROOT_MAP = "document";
const ATTRS = "attrs";

/** The root attrs the Yjs document holds (null: none set, e.g. a room from before them). */
export function rootAttrsOf(doc: Y.Doc): Record<string, unknown> | null {
  const raw = doc.getMap<string>(ROOT_MAP).get(ATTRS);
  if (typeof raw !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Sets the root attrs; no change (and no Yjs update) when they are the same text already. */
export function setRootAttrs(doc: Y.Doc, attrs: Record<string, unknown> | undefined): void {
  const text = JSON.stringify(attrs ?? {});
  const map = doc.getMap<string>(ROOT_MAP);
  if (map.get(ATTRS) !== text) map.set(ATTRS, text);
}

/** The editor's JSON of the fragment with the root attrs put back (when the document has them). */
export function withRootAttrs(json: PmNode, doc: Y.Doc): PmNode {
  const attrs = rootAttrsOf(doc);
  return attrs ? { ...json, attrs } : json;
}
