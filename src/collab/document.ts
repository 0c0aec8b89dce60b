import { updateYFragment, yXmlFragmentToProsemirrorJSON } from "@tiptap/y-tiptap";
import * as Y from "yjs";
import { MAX_WALK_DEPTH, isRecord, type LooseNode } from "../../core/document/loose";
import type { JsonDocument } from "../../core/document/types";
import { fromEditor } from "../../core/editor/from-editor";
import type { PmNode } from "../../core/editor/pm-json";
import { editorSchema } from "../../core/editor/schema";
import { toEditor } from "../../core/editor/to-editor";
import { rootAttrsOf, setRootAttrs, withRootAttrs } from "../../core/collab/root";
import { alike } from "./alike";

/**
 * A page's Document and the room's Yjs document, through the editor's codec (core/editor): the
 * body is the `Y.XmlFragment` named "default" (Tiptap Collaboration's field) holding the
 * ProseMirror doc of `editorSchema`; the root's attrs (the Document's `data`) are the Y.Map
 * "document" beside it (core/collab/root.ts).
 */

/** The fragment the editor binds to. */
const FIELD = "default";

/** An empty Document (a page without one). */
const EMPTY: JsonDocument = { object: "document", data: {}, nodes: [] } as unknown as JsonDocument;

/**
 * Drops the key of every block or inline that repeats an earlier one (document order): Yjs has
 * no move, so two people moving one block at once leave two copies of it, and a block copied
 * by a drag with the copy modifier keeps its key. A comment names one block by its key; the
 * API gives the copy a new key on the write-back.
 */
function dropRepeatedKeys(nodes: unknown, seen: Set<string>, depth = 0): void {
  if (!Array.isArray(nodes) || depth > MAX_WALK_DEPTH) return;
  for (const node of nodes as unknown[]) {
    if (!isRecord(node)) continue;
    const key = (node as LooseNode).key;
    if (typeof key === "string") {
      if (seen.has(key)) delete (node as LooseNode).key;
      else seen.add(key);
    }
    const fragments = Array.isArray(node.fragments) ? node.fragments : [];
    for (const fragment of fragments) {
      if (isRecord(fragment)) dropRepeatedKeys(fragment.nodes, seen, depth + 1);
    }
    dropRepeatedKeys(node.nodes, seen, depth + 1);
  }
}

/**
 * The Document the Yjs document holds now, written as `base` (the Document the room last read
 * or wrote) writes the same content (`alike`), no key twice. A room from before the root's map
 * takes the base's root attrs.
 */
export function documentOf(doc: Y.Doc, base: JsonDocument | null = null): JsonDocument {
  const json = yXmlFragmentToProsemirrorJSON(doc.getXmlFragment(FIELD)) as PmNode;
  const fallback = rootAttrsOf(doc) === null && base ? toEditor(base).attrs : undefined;
  const whole = fallback ? { ...json, attrs: fallback } : withRootAttrs(json, doc);
  const document = fromEditor(whole);
  dropRepeatedKeys(document.nodes, new Set());
  return alike(document, base);
}

/**
 * The Yjs update that turns `base` (a Yjs state that held some Document) into one holding
 * `document`, with the least change (`updateYFragment`, y-prosemirror's own diff): applied to
 * the room's document, it merges another writer's Document with the edits made since `base`
 * (Yjs merges them), instead of overwriting either. Also gives the new base.
 */
export function changeFrom(
  base: Uint8Array | null,
  document: JsonDocument | null,
): { update: Uint8Array; base: Uint8Array } {
  const fork = new Y.Doc({ gc: false });
  if (base) Y.applyUpdate(fork, base);
  const before = Y.encodeStateVector(fork);
  const node = editorSchema.nodeFromJSON(toEditor(document ?? EMPTY));
  const meta = { mapping: new Map(), isOMark: new Map() };
  fork.transact(() => {
    updateYFragment(fork, fork.getXmlFragment(FIELD), node, meta);
    setRootAttrs(fork, node.attrs);
  });
  const update = Y.encodeStateAsUpdate(fork, before);
  const next = Y.encodeStateAsUpdate(fork);
  fork.destroy();
  return { update, base: next };
}
