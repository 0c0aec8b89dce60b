import Collaboration from "@tiptap/extension-collaboration";
import type { EditorState, Plugin, PluginView, StateField } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { yUndoPluginKey } from "@tiptap/y-tiptap";

/**
 * y-tiptap's per-transaction work made cheaper or moved after the paint (issue 37: typing at the
 * end of a 2,000-block page). Its positions in the Yjs document (`RelativePosition`s) are found
 * by walking the document from its start, about as long as the page; caret-diff.ts skips the
 * sync binding's needless writes, this module the undo plugin's and the cursor plugin's walks.
 *
 * Tiptap's Collaboration with a cheaper undo state. y-tiptap's
 * undo plugin keeps `prevSel`, the selection before the latest transaction as Yjs positions, so
 * an undo step can put the caret back; it recomputes it on every transaction, and each
 * computation walks the Yjs document from its start to the caret (twice: anchor and head), so a
 * key typed at the end of a long page paid that walk for the key and again for every meta-only
 * transaction after it (the others' cursors, the typing signal). `prevSel` is read only when
 * the undo manager adds a step, which only a change of the document causes, and a step is
 * added right after the transaction that changed it: so a transaction that changes no content
 * keeps the previous value, and one that changes it computes it as before.
 */

/** The undo plugin's state (y-tiptap's shape, as far as this layer reads it). */
interface UndoState {
  undoManager: { undoStack: unknown[]; redoStack: unknown[] };
  prevSel: unknown;
  hasUndoOps: boolean;
  hasRedoOps: boolean;
}

/** Makes `plugin` (y-tiptap's undo plugin) skip `prevSel` on transactions that change no content. */
export function lazyUndoSelection(plugin: Plugin): void {
  const field = plugin.spec.state as StateField<UndoState> | undefined;
  if (!field) return;
  const apply = field.apply.bind(field);
  field.apply = (tr, value, oldState, newState) => {
    if (tr.docChanged) return apply(tr, value, oldState, newState);
    const hasUndoOps = value.undoManager.undoStack.length > 0;
    const hasRedoOps = value.undoManager.redoStack.length > 0;
    if (hasUndoOps === value.hasUndoOps && hasRedoOps === value.hasRedoOps) return value;
    return { ...value, hasUndoOps, hasRedoOps };
  };
}

/** Collaboration whose undo plugin is `lazyUndoSelection`'s (configure it as Collaboration). */
export const LiveCollaboration = Collaboration.extend({
  addProseMirrorPlugins() {
    const plugins = this.parent?.() ?? [];
    for (const plugin of plugins) {
      if (plugin.spec.key === yUndoPluginKey) lazyUndoSelection(plugin);
    }
    return plugins;
  },
});

/**
 * Runs `plugin`'s view updates (y-tiptap's cursor plugin: this person's caret into the room's
 * awareness, two walks per update) once after the next paint instead of inside every
 * transaction: a key's paint waits for none of it, and a burst of transactions costs one.
 */
export function afterPaintUpdates(plugin: Plugin): void {
  const create = plugin.spec.view;
  if (!create) return;
  plugin.spec.view = (view: EditorView): PluginView => {
    const inner = create(view);
    let since: EditorState | null = null;
    let destroyed = false;
    const run = () => {
      const prevState = since;
      since = null;
      if (!destroyed && prevState) inner.update?.(view, prevState);
    };
    return {
      update(_view, prevState) {
        if (since) return;
        since = prevState;
        requestAnimationFrame(() => setTimeout(run, 0));
      },
      destroy() {
        destroyed = true;
        inner.destroy?.();
      },
    };
  };
}
