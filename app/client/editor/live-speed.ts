import type { AnyExtension } from "@tiptap/core";
import Collaboration from "@tiptap/extension-collaboration";
import type { EditorState, Plugin, PluginView, StateField } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import type { Node as PmNode } from "@tiptap/pm/model";
import { initProseMirrorDoc, ySyncPluginKey, yUndoPluginKey } from "@tiptap/y-tiptap";
import type { ProsemirrorBinding } from "@tiptap/y-tiptap";
import type * as Y from "yjs";

/**
 * The live editor's binding to the room, made cheap (issue 37; docs/performance.md). One editor
 * instance: it shows the served page read-only at once and binds to the room's Yjs document
 * when the room has synced (`liveSync`), instead of a second editor mounted over it. And
 * y-tiptap's per-transaction work is skipped where it changes nothing or moved after the paint:
 * its positions in the Yjs document (`RelativePosition`s) are found by walking the document
 * from its start, as long as the page, so typing at the end of 2,000 blocks paid several walks
 * per key (caret-diff.ts skips the sync binding's needless writes; this module the undo
 * plugin's and the cursor plugin's walks).
 *
 * The undo state: y-tiptap's undo plugin keeps `prevSel`, the selection before the latest
 * transaction as Yjs positions, so an undo step can put the caret back, and recomputes it on
 * every transaction (anchor and head: two walks), meta-only ones too (the others' cursors, the
 * typing signal). `prevSel` is read only when the undo manager adds a step, which only a change
 * of the document causes, right after the transaction that made it: so a transaction that
 * changes no content keeps the previous value, and one that changes it computes it as before.
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

/** y-tiptap's mapping of the Yjs types to the nodes the editor shows. */
type Mapping = Map<Y.AbstractType<unknown>, PmNode | PmNode[]>;

/**
 * Maps `fragment`'s types onto `shown` (the served page the editor shows), into `into`, when the
 * fragment holds the same content: the binding then keeps the nodes the view already draws (its
 * diffs find them by identity) instead of re-creating every one, after which each update
 * compared the whole page deeply (issue 37). Answers whether it did; if not, the binding
 * re-renders from the fragment, as y-tiptap does.
 */
function adoptShown(fragment: Y.XmlFragment, shown: PmNode, into: Mapping): boolean {
  const { doc: fromY, mapping } = initProseMirrorDoc(fragment, shown.type.schema);
  if (!fromY.content.eq(shown.content)) return false;
  const typeOf = new Map<PmNode, Y.AbstractType<unknown>>();
  for (const [type, value] of mapping) typeOf.set(Array.isArray(value) ? value[0]! : value, type);
  const adopted: Mapping = new Map();
  const walk = (from: PmNode, to: PmNode): boolean => {
    for (let i = 0; i < from.childCount; i++) {
      const child = from.child(i);
      const type = typeOf.get(child);
      const run = type ? mapping.get(type) : undefined;
      if (child.isText) {
        // A Yjs text maps to its run of text nodes (one PM merged is left to y-tiptap's diff).
        if (type && Array.isArray(run) && run.every((node, k) => from.maybeChild(i + k) === node)) {
          adopted.set(
            type,
            run.map((_, k) => to.child(i + k)),
          );
        }
        continue;
      }
      if (!type || !walk(child, to.child(i))) return false;
      adopted.set(type, to.child(i));
    }
    return true;
  };
  if (!walk(fromY, shown)) return false;
  into.clear();
  for (const [type, value] of adopted) into.set(type, value);
  return true;
}

/**
 * Holds back `plugin`'s view (y-tiptap's sync plugin, created with the `mapping` option so it
 * does not re-render at once) until `bind()`: the editor shows the served page, read-only, while
 * the room syncs, and the same editor then takes the room's copy (issue 37: no second editor
 * mounted over it), keeping the served nodes where the copy is the same (`adoptShown`).
 */
function lateView(plugin: Plugin, fragment: Y.XmlFragment, mapping: Mapping): () => void {
  const create = plugin.spec.view;
  let view: EditorView | null = null;
  let inner: PluginView | null = null;
  let wanted = false;
  const bind = () => {
    wanted = true;
    if (!view || inner || !create) return;
    const adopted = adoptShown(fragment, view.state.doc, mapping);
    inner = create(view);
    if (!adopted) {
      const state = ySyncPluginKey.getState(view.state) as { binding?: ProsemirrorBinding };
      state.binding?._forceRerender();
    }
  };
  plugin.spec.view = (editorView: EditorView): PluginView => {
    view = editorView;
    if (wanted) bind();
    return {
      // A transaction that left the document as it was (a selection, the others' cursors) has
      // nothing to write: y-tiptap would still open a Yjs transaction for it, and each one
      // walks the Yjs document to the caret first (`beforeAllTransactions`).
      update: (updated, prevState) => {
        if (updated.state.doc !== prevState.doc) inner?.update?.(updated, prevState);
      },
      destroy: () => {
        inner?.destroy?.();
        inner = null;
        view = null;
      },
    };
  };
  return bind;
}

/** The live editor's Collaboration (on `doc`'s "default" fragment) and when it binds. */
export interface LiveSync {
  extension: AnyExtension;
  /** The room has synced: the editor now shows and edits the Yjs document. */
  bind(): void;
}

/**
 * Collaboration on `doc` whose undo plugin is `lazyUndoSelection`'s and whose binding waits for
 * `bind()` (`lateView`).
 */
export function liveSync(doc: Y.Doc): LiveSync {
  const fragment = doc.getXmlFragment("default");
  const mapping: Mapping = new Map();
  let bindView: (() => void) | null = null;
  let wanted = false;
  const extension = Collaboration.extend({
    addProseMirrorPlugins() {
      const plugins = this.parent?.() ?? [];
      for (const plugin of plugins) {
        if (plugin.spec.key === yUndoPluginKey) lazyUndoSelection(plugin);
        if (plugin.spec.key === ySyncPluginKey) bindView = lateView(plugin, fragment, mapping);
      }
      if (wanted) bindView?.();
      return plugins;
    },
  }).configure({ document: doc, field: "default", fragment, ySyncOptions: { mapping } });
  return {
    extension,
    bind() {
      wanted = true;
      bindView?.();
    },
  };
}

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
