import { NodeSelection, TextSelection, type EditorState, type Transaction } from "@tiptap/pm/state";

/**
 * Moving top-level blocks (issue 37): Alt+Shift+↑ / Alt+Shift+↓ move the block holding the caret
 * (or every block the selection touches) one place up or down, and the drag handle
 * (block-handle.ts) moves one block to a boundary between two others. A move is one
 * transaction of the node itself (its attributes and block key kept, so the diff says
 * "moved"), so the live room and the save loop save it like every other edit, and undo takes it back.
 * Pure transactions (no DOM): the keys and their announcement are in block-handle.ts.
 */

/** Where the top-level block `index` starts in `state`'s document. */
export function blockStart(state: EditorState, index: number): number {
  let pos = 0;
  for (let i = 0; i < index; i++) pos += state.doc.child(i).nodeSize;
  return pos;
}

/** The first and last top-level block indexes the selection touches. */
function selectedBlocks(state: EditorState): [number, number] {
  const { $from, $to } = state.selection;
  const first = $from.index(0);
  const last = $to.depth === 0 ? $to.index(0) - 1 : $to.index(0);
  return [first, Math.max(first, last)];
}

/**
 * The transaction putting top-level block `from` at boundary `to` (0: before the first block,
 * childCount: after the last), or null when that leaves it where it is. The moved block ends
 * selected (the node itself, or the caret at its start when it cannot be selected whole).
 */
export function moveBlockTo(state: EditorState, from: number, to: number): Transaction | null {
  const count = state.doc.childCount;
  if (from < 0 || from >= count || to < 0 || to > count || to === from || to === from + 1) {
    return null;
  }
  const node = state.doc.child(from);
  const start = blockStart(state, from);
  const target = blockStart(state, to);
  const tr = state.tr.insert(target, node);
  const inserted = to < from ? target : target - node.nodeSize;
  tr.delete(tr.mapping.map(start), tr.mapping.map(start + node.nodeSize));
  tr.setSelection(
    NodeSelection.isSelectable(node) && !node.isTextblock
      ? NodeSelection.create(tr.doc, inserted)
      : TextSelection.near(tr.doc.resolve(inserted + 1)),
  );
  return tr.scrollIntoView();
}

/**
 * The transaction moving the selected blocks one place up (-1) or down (1): the neighbour
 * goes to the other side, so the caret and the selection stay where they are in their text.
 */
export function moveSelectedBlocks(state: EditorState, way: -1 | 1): Transaction | null {
  const [first, last] = selectedBlocks(state);
  const neighbour = way < 0 ? first - 1 : last + 1;
  if (neighbour < 0 || neighbour >= state.doc.childCount) return null;
  const node = state.doc.child(neighbour);
  const start = blockStart(state, neighbour);
  const tr = state.tr.delete(start, start + node.nodeSize);
  const target = way < 0 ? blockStart(state, last + 1) - node.nodeSize : blockStart(state, first);
  return tr.insert(target, node).scrollIntoView();
}
