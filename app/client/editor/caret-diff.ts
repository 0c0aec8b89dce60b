import { Extension } from "@tiptap/core";
import type { Node as PmNode } from "@tiptap/pm/model";
import { Plugin, type EditorState } from "@tiptap/pm/state";
import { ySyncPluginKey, type ProsemirrorBinding } from "@tiptap/y-tiptap";
import * as Y from "yjs";

/**
 * Typing before an identical character keeps its place (issue 38). y-tiptap 3.0.9 turns a local
 * edit into Yjs operations with lib0's `simpleDiff` (common prefix, then common suffix), which
 * ignores the caret: typing "b" before the "b" of "xb" is written as an insertion AFTER that
 * "b" (the prefix "xb" matches). Alone nobody sees it, but the insertion then hangs off the
 * wrong character, so text someone else types concurrently before that "b" lands between the
 * typist's letters ("cab" typed, "ca·Z·b·b" merged). This layer writes the caret's text change
 * first, where the caret says it was made, inside y-tiptap's own transaction; y-tiptap's diff
 * then finds that text already equal and writes the rest of the document as before. Nothing in
 * node_modules is edited: the binding's `_prosemirrorChanged` is wrapped per editor.
 *
 * `caretDiff` is lib0's `simpleDiffString` (MIT, © Kevin Jahns, https://github.com/dmonad/lib0,
 * lib0/diff.js) with the caret as a hint, the way fast-diff's `cursor_pos` works.
 */

/** One change of a string: remove `remove` characters at `index`, then insert `insert` there. */
export interface TextChange {
  index: number;
  remove: number;
  insert: string;
}

const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

/**
 * The single insertion ending at `caret` (or deletion at `caret`) that turns `before` into
 * `after`, or null when the change is no such thing (a replacement, or the caret elsewhere).
 * `caret` is an offset in `after`.
 */
export function caretDiff(before: string, after: string, caret: number): TextChange | null {
  const grown = after.length - before.length;
  if (grown === 0 || caret < 0 || caret > after.length) return null;
  const index = grown > 0 ? caret - grown : caret;
  if (index < 0 || index > before.length) return null;
  // Never between the halves of a surrogate pair.
  if (index > 0 && HIGH_SURROGATE.test(after[index - 1]!)) return null;
  const rest = grown > 0 ? index : index - grown;
  if (before.slice(0, index) !== after.slice(0, index)) return null;
  if (before.slice(rest) !== after.slice(grown > 0 ? caret : index)) return null;
  return grown > 0
    ? { index, remove: 0, insert: after.slice(index, caret) }
    : { index, remove: -grown, insert: "" };
}

/** The text of a Y.XmlText as y-tiptap reads it (strings only), or null if it holds embeds. */
function yString(text: Y.XmlText): string | null {
  let out = "";
  for (let item = text._start; item !== null; item = item.right) {
    if (item.deleted || !item.countable) continue;
    if (!(item.content instanceof Y.ContentString)) return null;
    out += item.content.str;
  }
  return out;
}

/** The Y.XmlText bound to the caret's run of text, its text, and the caret's offset in the run. */
interface CaretText {
  ytext: Y.XmlText;
  text: string;
  caret: number;
}

/**
 * Finds the caret's run of text in the new document and the Yjs text at the same place, when
 * the path to it is unchanged (same node names and child counts at every level): an edit that
 * changed the structure around the caret is left to y-tiptap alone.
 */
function caretText(binding: ProsemirrorBinding, state: EditorState, doc: PmNode): CaretText | null {
  const { selection } = state;
  if (!selection.empty || state.doc !== doc) return null;
  const $head = selection.$head;
  if (!$head.parent.isTextblock) return null;
  let ytype: Y.XmlFragment | Y.XmlElement = binding.type;
  for (let depth = 0; depth < $head.depth; depth++) {
    if ($head.node(depth).childCount !== ytype.length) return null;
    const child = ytype.get($head.index(depth));
    const node = $head.node(depth + 1);
    if (!(child instanceof Y.XmlElement) || child.nodeName !== node.type.name) return null;
    ytype = child;
  }
  // The textblock's children as y-tiptap groups them: a run of text nodes is one Y.XmlText,
  // any other inline node one Y.XmlElement (null here).
  const block = $head.parent;
  const runs: Array<{ start: number; end: number } | null> = [];
  block.forEach((child, at) => {
    const last = runs.at(-1);
    if (!child.isText) runs.push(null);
    else if (last) last.end = at + child.nodeSize;
    else runs.push({ start: at, end: at + child.nodeSize });
  });
  if (runs.length !== ytype.length) return null;
  const offset = $head.parentOffset;
  const index = runs.findIndex((run) => run !== null && run.start <= offset && offset <= run.end);
  const run = runs[index];
  if (!run) return null;
  const ytext = ytype.get(index);
  if (!(ytext instanceof Y.XmlText)) return null;
  return { ytext, text: block.textBetween(run.start, run.end), caret: offset - run.start };
}

/** Writes the caret's text change into Yjs where the caret says it was made (see above). */
function writeAtCaret(binding: ProsemirrorBinding, doc: PmNode): void {
  const view = binding.prosemirrorView as { state: EditorState } | null;
  if (!view) return;
  const found = caretText(binding, view.state, doc);
  if (!found) return;
  const before = yString(found.ytext);
  if (before === null || before === found.text) return;
  const change = caretDiff(before, found.text, found.caret);
  if (!change) return;
  if (change.remove > 0) found.ytext.delete(change.index, change.remove);
  // Formatting is left to y-tiptap, which sets every run's marks right after (`applyDelta`).
  if (change.insert) found.ytext.insert(change.index, change.insert);
}

const wrapped = new WeakSet<ProsemirrorBinding>();
/** Wraps a binding's write of local edits so the caret's text goes in first (see above). */
export function caretAwareWrites(binding: ProsemirrorBinding): void {
  if (wrapped.has(binding)) return;
  wrapped.add(binding);
  const original = binding._prosemirrorChanged.bind(binding);
  let written: PmNode | null = null;
  binding._prosemirrorChanged = (doc: PmNode) => {
    // y-tiptap writes the whole document on every view update, content changed or not (two
    // walks of the Yjs document to the caret each, issue 37): the document it wrote last is
    // what Yjs holds (someone else's change renders a new one first), so it is not written again.
    if (doc === written) return;
    // One Yjs transaction with y-tiptap's (same origin): one update, one undo step.
    binding.doc.transact(() => {
      writeAtCaret(binding, doc);
      original(doc);
    }, ySyncPluginKey);
    written = doc;
  };
}

/** The editor extension that applies `caretAwareWrites` to the editor's sync binding. */
export const caretAwareDiff = Extension.create({
  name: "caretAwareDiff",
  addProseMirrorPlugins: () => [
    new Plugin({
      view(view) {
        const state = ySyncPluginKey.getState(view.state) as
          | { binding?: ProsemirrorBinding }
          | undefined;
        if (state?.binding) caretAwareWrites(state.binding);
        return {};
      },
    }),
  ],
});
