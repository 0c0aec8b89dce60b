import { Extension } from "@tiptap/core";
import type { Node as PmNode } from "@tiptap/pm/model";
import {
  Plugin,
  TextSelection,
  type EditorState,
  type Selection,
  type Transaction,
} from "@tiptap/pm/state";
import {
  relativePositionToAbsolutePosition,
  ySyncPluginKey,
  type ProsemirrorBinding,
} from "@tiptap/y-tiptap";
import * as Y from "yjs";

/**
 * The typist's own caret after a remote update (issue 38). y-tiptap 3.0.9 (the latest) restores
 * the selection from Yjs relative positions, then second-guesses them: whenever the caret's
 * block text changed (`isMisresolvedAfterStructuralChange` — any concurrent typing in that
 * block) it re-places the caret by its OLD offset in the block found by attrs (our blocks carry a
 * distinctive `key`). So when someone else typed before the caret, the caret lands that many
 * characters too early and the next letters go in front of the typist's own (" alpha" became
 * " lphaa"). That recovery is meant for moved blocks (drag and drop), whose Yjs items are deleted
 * and re-created. This plugin puts back the exact Yjs resolution whenever it can be trusted: the
 * character the caret was after is still there and its text is still in the document; otherwise
 * (a moved or removed block, a deleted character) y-tiptap's choice stands — except for text
 * split off by someone's Enter, which the caret follows (`afterSplit`).
 */

/** What this plugin reads of y-tiptap's `getRelativeSelection` (its types say `any`). */
interface RelativeSelection {
  type: unknown;
  anchor: Y.RelativePosition | null;
  head: Y.RelativePosition | null;
  absAnchor: number;
  absHead: number;
}

/** Whether an item id names a character (or element) still in the Yjs doc, not deleted. */
function alive(doc: Y.Doc, id: Y.ID): boolean {
  try {
    const struct = Y.getItem(doc.store, id);
    return struct instanceof Y.Item && !struct.deleted;
  } catch {
    return false;
  }
}

/** Whether `type` and every element above it, up to the bound fragment, are undeleted. */
function attached(type: { _item: Y.Item | null }, root: Y.XmlFragment): boolean {
  let at: { _item: Y.Item | null } = type;
  while (at !== root) {
    const item = at._item;
    if (item === null || item.deleted || !(item.parent instanceof Y.AbstractType)) return false;
    at = item.parent;
  }
  return true;
}

/** The caret position a relative position names in text, when Yjs alone can be trusted. */
function exactPosition(
  binding: ProsemirrorBinding,
  relative: Y.RelativePosition,
  deletedToo = false,
): number | null {
  const at = Y.createAbsolutePositionFromRelativePosition(relative, binding.doc);
  if (at === null || !(at.type instanceof Y.XmlText)) return null;
  if (!deletedToo && relative.item !== null && !alive(binding.doc, relative.item)) return null;
  if (!attached(at.type, binding.type)) return null;
  return relativePositionToAbsolutePosition(binding.doc, binding.type, relative, binding.mapping);
}

/** A textblock of plain text only (its text offsets are its positions). */
const plain = (node: PmNode): boolean =>
  node.isTextblock && node.textContent.length === node.content.size;

/**
 * A caret in text someone else moved to a new block by pressing Enter before it: the text after
 * their split is deleted from the caret's block and re-created in the next one, so Yjs (`at`,
 * where the deleted character was) and y-tiptap's recovery both leave the caret at the end of
 * the first half. Found when the block now holds exactly the text before the split and the next
 * block starts with the moved text up to the caret; the caret then follows that text.
 */
function afterSplit(doc: PmNode, oldDoc: PmNode, at: number | null, oldAt: number): number | null {
  if (at === null || at > doc.content.size || oldAt > oldDoc.content.size) return null;
  const $old = oldDoc.resolve(oldAt);
  const $at = doc.resolve(at);
  if (!plain($old.parent) || !plain($at.parent) || $at.depth === 0) return null;
  const typed = $old.parent.textContent;
  const kept = $at.parent.textContent;
  const cut = $at.parentOffset;
  if (cut !== kept.length || cut >= $old.parentOffset || !typed.startsWith(kept)) return null;
  const next = $at.after() + 1;
  if (next > doc.content.size) return null;
  const $next = doc.resolve(next);
  const moved = typed.slice(cut, $old.parentOffset);
  if (!plain($next.parent) || $next.parentOffset !== 0) return null;
  return $next.parent.textContent.startsWith(moved) ? next + moved.length : null;
}

/** The selection the Yjs positions name, or null when y-tiptap's restore should stand. */
function exactSelection(state: EditorState, oldDoc: PmNode): Selection | null {
  const binding = (ySyncPluginKey.getState(state) as { binding?: ProsemirrorBinding } | undefined)
    ?.binding;
  const relative = binding?.beforeTransactionSelection as RelativeSelection | null | undefined;
  if (!binding || !relative || relative.type !== "text" || !relative.anchor || !relative.head) {
    return null;
  }
  let anchor = exactPosition(binding, relative.anchor);
  let head = exactPosition(binding, relative.head);
  if (anchor === null && relative.absAnchor === relative.absHead) {
    const at = exactPosition(binding, relative.anchor, true);
    anchor = head = afterSplit(state.doc, oldDoc, at, relative.absAnchor);
  }
  const size = state.doc.content.size;
  if (anchor === null || head === null || Math.max(anchor, head) > size) return null;
  const $anchor = state.doc.resolve(anchor);
  const $head = state.doc.resolve(head);
  if (!$anchor.parent.isTextblock || !$head.parent.isTextblock) return null;
  return TextSelection.between($anchor, $head);
}

/** The remote change among `transactions` (y-tiptap's re-render of the Yjs doc), if any. */
function remoteChange(transactions: readonly Transaction[]): Transaction | undefined {
  return transactions.find((tr) => {
    const meta = tr.getMeta(ySyncPluginKey) as { isChangeOrigin?: boolean } | undefined;
    return tr.docChanged && meta?.isChangeOrigin === true;
  });
}

/** Keeps the local caret where Yjs says it is across remote updates (see above). */
export const ownCaret = Extension.create({
  name: "ownCaret",
  addProseMirrorPlugins: () => [
    new Plugin({
      appendTransaction(transactions, _old, state) {
        const remote = remoteChange(transactions);
        if (!remote) return null;
        const selection = exactSelection(state, remote.before);
        if (!selection || selection.eq(state.selection)) return null;
        const meta = remote.getMeta(ySyncPluginKey) as Record<string, unknown>;
        // Marked as the sync plugin's own change: not written back to Yjs, not an undo step.
        const tr = state.tr
          .setSelection(selection)
          .setMeta(ySyncPluginKey, {
            isChangeOrigin: true,
            isUndoRedoOperation: meta.isUndoRedoOperation === true,
          })
          .setMeta("addToHistory", false);
        return remote.scrolledIntoView ? tr.scrollIntoView() : tr;
      },
    }),
  ],
});
