import { Extension } from "@tiptap/core";
import { NodeSelection, Plugin, TextSelection, type EditorState } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { blockStart, moveBlockTo, moveSelectedBlocks } from "./block-moves";

/**
 * The drag handle of top-level blocks (issue 37): a labelled button beside the block under the
 * pointer, or the block holding the caret, that drags the block to a boundary between two
 * others (a line shows where) — one transaction (block-moves.ts), so the live room or the save
 * loop saves it like typing. A click selects the block; the keyboard's way is Alt+Shift+↑/↓ in
 * the text (the handle's label says so). Readers (the editor not editable) see no handle.
 * Positions are set through the CSSOM (no inline style attribute: the CSP allows it). Each move
 * is said in a polite live region ("Moved up: now block 2 of 7").
 */

/** The live region saying each move, one per editor (beside its mount). */
function announcer(view: EditorView): HTMLElement {
  const mount = view.dom.parentElement ?? document.body;
  let region = mount.querySelector<HTMLElement>(":scope > .q-ed-moves");
  if (!region) {
    region = document.createElement("div");
    region.className = "q-ed-moves a-visually-hidden";
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    mount.append(region);
  }
  return region;
}

/** Says in the editor's live region `words` of where the selected block is now. */
function announceMove(view: EditorView, words: (place: string) => string): void {
  const index = view.state.selection.$from.index(0);
  announcer(view).textContent = words(`block ${index + 1} of ${view.state.doc.childCount}`);
}

/** Runs a keyboard move on `view` (at the top or the bottom, says it did not move). */
function keyMove(view: EditorView, way: -1 | 1): boolean {
  if (!view.editable) return false;
  const tr = moveSelectedBlocks(view.state, way);
  if (!tr) {
    announceMove(view, (place) => `Not moved: ${place} is already ${way < 0 ? "first" : "last"}`);
    return true;
  }
  view.dispatch(tr);
  announceMove(view, (place) => `Moved ${way < 0 ? "up" : "down"}: now ${place}`);
  return true;
}

/** The keyboard moves as a Tiptap extension; the textbox names its keys (aria-keyshortcuts). */
export const blockMoves = Extension.create({
  name: "blockMoves",
  priority: 1000,
  addKeyboardShortcuts() {
    return {
      "Alt-Shift-ArrowUp": () => keyMove(this.editor.view, -1),
      "Alt-Shift-ArrowDown": () => keyMove(this.editor.view, 1),
    };
  },
  addProseMirrorPlugins() {
    const keys = "Alt+Shift+ArrowUp Alt+Shift+ArrowDown";
    return [new Plugin({ props: { attributes: { "aria-keyshortcuts": keys } } })];
  },
});

const LABEL = "Move this block: drag it, or press Alt+Shift+Up or Down in the text";

/** One editor's handle and drop line, inside its mount. */
class BlockHandle {
  private readonly handle = document.createElement("button");
  private readonly line = document.createElement("div");
  private readonly mount: HTMLElement;
  private index: number | null = null;
  private dragged: number | null = null;
  private frame = 0;

  constructor(private readonly view: EditorView) {
    this.mount = view.dom.parentElement ?? document.body;
    this.handle.type = "button";
    this.handle.className = "q-ed-handle";
    this.handle.draggable = true;
    this.handle.tabIndex = -1;
    this.handle.setAttribute("aria-label", LABEL);
    this.handle.title = LABEL;
    this.handle.textContent = "⠿";
    this.handle.hidden = true;
    this.line.className = "q-ed-drop-line";
    this.line.hidden = true;
    this.mount.append(this.handle, this.line);
    this.mount.addEventListener("mousemove", this.hover);
    this.mount.addEventListener("dragover", this.overOutside);
    this.mount.addEventListener("drop", this.dropOutside);
    this.handle.addEventListener("dragstart", this.start);
    this.handle.addEventListener("dragend", this.end);
    this.handle.addEventListener("click", this.select);
  }

  /** The top-level block index of a DOM element inside the editor, or null. */
  private indexOf(target: EventTarget | null): number | null {
    let el = target instanceof Node ? target : null;
    while (el && el.parentNode !== this.view.dom) el = el.parentNode;
    if (!el) return null;
    const $pos = this.view.state.doc.resolve(this.view.posAtDOM(el, 0));
    const count = this.view.state.doc.childCount;
    for (const index of [$pos.index(0), $pos.index(0) - 1]) {
      const fits = index >= 0 && index < count;
      if (fits && this.view.nodeDOM(blockStart(this.view.state, index)) === el) return index;
    }
    return null;
  }

  private readonly hover = (event: MouseEvent) => {
    if (!this.view.editable || this.dragged !== null || event.target === this.handle) return;
    const index = this.indexOf(event.target);
    if (index !== null && index !== this.index) this.show(index);
  };

  /**
   * After each transaction: beside the caret's block when the text or the caret moved while
   * focused; else where it was (a remote caret's transaction leaves a hovered block's handle).
   */
  update(prev: EditorState): void {
    if (!this.view.editable) return this.hide();
    const { state } = this.view;
    const moved = !prev.doc.eq(state.doc) || !prev.selection.eq(state.selection);
    if (moved && this.view.hasFocus()) this.show(state.selection.$from.index(0));
    else if (this.index !== null && this.index < state.doc.childCount) {
      if (moved) this.show(this.index);
    } else this.hide();
  }

  private show(index: number): void {
    this.index = index;
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => {
      const el = this.blockElement(index);
      if (!el) return this.hide();
      const top = el.getBoundingClientRect().top - this.mount.getBoundingClientRect().top;
      this.handle.style.top = `${Math.max(0, top)}px`;
      this.handle.style.left = `${this.view.dom.offsetLeft + 2}px`;
      this.handle.hidden = false;
    });
  }

  private hide(): void {
    this.index = null;
    cancelAnimationFrame(this.frame);
    this.handle.hidden = true;
  }

  private blockElement(index: number): HTMLElement | null {
    if (index < 0 || index >= this.view.state.doc.childCount) return null;
    const dom = this.view.nodeDOM(blockStart(this.view.state, index));
    return dom instanceof HTMLElement ? dom : null;
  }

  private readonly start = (event: DragEvent) => {
    const index = this.index;
    if (index === null || !this.view.editable || !event.dataTransfer) return;
    const { state } = this.view;
    const node = state.doc.child(index);
    const from = blockStart(state, index);
    this.dragged = index;
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", node.textContent);
    const el = this.blockElement(index);
    if (el) event.dataTransfer.setDragImage(el, 0, 0);
    this.view.dragging = { slice: state.doc.slice(from, from + node.nodeSize), move: true };
  };

  private readonly end = () => {
    this.dragged = null;
    this.line.hidden = true;
    this.view.dragging = null;
  };

  /** The boundary (0 … childCount) nearest to the pointer's height (blocks run top down). */
  private boundaryAt(clientY: number): number {
    let low = 0;
    let high = this.view.state.doc.childCount;
    while (low < high) {
      const middle = (low + high) >> 1;
      const rect = this.blockElement(middle)?.getBoundingClientRect();
      if (rect && clientY < rect.top + rect.height / 2) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** While a handle drag is on: shows where the block would go; answers whether it is ours. */
  over(event: DragEvent): boolean {
    if (this.dragged === null) return false;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "move";
    const boundary = this.boundaryAt(event.clientY);
    const count = this.view.state.doc.childCount;
    const el = this.blockElement(Math.min(boundary, count - 1));
    if (!el) return true;
    const rect = el.getBoundingClientRect();
    const y = boundary < count ? rect.top : rect.bottom;
    this.line.style.top = `${y - this.mount.getBoundingClientRect().top - 1}px`;
    this.line.style.left = `${this.view.dom.offsetLeft}px`;
    this.line.style.width = `${this.view.dom.offsetWidth}px`;
    this.line.hidden = false;
    return true;
  }

  /** The drop of a handle drag: the block moves; answers whether it was ours. */
  drop(event: DragEvent): boolean {
    const from = this.dragged;
    if (from === null) return false;
    event.preventDefault();
    const tr = moveBlockTo(this.view.state, from, this.boundaryAt(event.clientY));
    this.end();
    if (!tr) return true;
    this.view.dispatch(tr);
    this.view.focus();
    announceMove(this.view, (place) => `Moved: now ${place}`);
    return true;
  }

  private readonly overOutside = (event: DragEvent) => {
    if (!this.view.dom.contains(event.target as Node)) this.over(event);
  };

  private readonly dropOutside = (event: DragEvent) => {
    if (!this.view.dom.contains(event.target as Node)) this.drop(event);
  };

  /** A click selects the block (for the keyboard moves) and puts the focus in the text. */
  private readonly select = () => {
    const index = this.index;
    if (index === null || !this.view.editable) return;
    const { state } = this.view;
    const node = state.doc.child(index);
    const from = blockStart(state, index);
    const selection =
      NodeSelection.isSelectable(node) && !node.isTextblock
        ? NodeSelection.create(state.doc, from)
        : TextSelection.near(state.doc.resolve(from + 1));
    this.view.dispatch(state.tr.setSelection(selection));
    this.view.focus();
    announceMove(this.view, (place) => `Selected ${place}; Alt+Shift+Up or Down moves it`);
  };

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.mount.removeEventListener("mousemove", this.hover);
    this.mount.removeEventListener("dragover", this.overOutside);
    this.mount.removeEventListener("drop", this.dropOutside);
    this.handle.remove();
    this.line.remove();
  }
}

/** The drag handle as a Tiptap extension (ahead of Dropcursor: a handle drag shows its line). */
export const blockHandle = Extension.create({
  name: "blockHandle",
  priority: 1000,
  addProseMirrorPlugins() {
    let handle: BlockHandle | null = null;
    return [
      new Plugin({
        view: (view) => {
          handle = new BlockHandle(view);
          return {
            update: (_view, prev) => handle?.update(prev),
            destroy: () => handle?.destroy(),
          };
        },
        props: {
          handleDOMEvents: {
            dragover: (_view, event) => handle?.over(event) ?? false,
            drop: (_view, event) => handle?.drop(event) ?? false,
          },
        },
      }),
    ];
  },
});
