import { Extension, InputRule, markInputRule, type Editor } from "@tiptap/core";
import type { MarkType } from "@tiptap/pm/model";
import { TextSelection, type EditorState, type Transaction } from "@tiptap/pm/state";
import { CODEC_ATTRS } from "../../../core/editor/schema";
import { splitAttrs } from "./attributes";
import { codeBlock, divider, textblock, wrapped, type MakeBlock } from "./blocks";

/**
 * Writing as people expect: markdown shortcuts while typing (`# ` headings, `- ` lists, `[ ] `
 * tasks, `> ` quotes, ``` code, `---` dividers, **bold**, *italic*, `code`, ~~strike~~) and the
 * keyboard (Mod-b/i/e, Tab and Shift-Tab in lists, Enter in lists and code, Shift-Enter for a
 * line break). Undo and redo are Tiptap's UndoRedo (main.ts).
 */

/** A shortcut at the start of a textblock: the typed marker goes, the block is made. */
function blockRule(find: RegExp, make: (match: RegExpMatchArray) => MakeBlock): InputRule {
  return new InputRule({
    find,
    handler: ({ state, range, match }) => {
      const tr = state.tr;
      tr.delete(range.from, range.to);
      if (!make(match)(tr, state.schema)) return null;
    },
  });
}

const markRules: ReadonlyArray<[string, RegExp]> = [
  ["bold", /(?:^|\s)(\*\*(?!\s+\*\*)((?:[^*]+))\*\*(?!\s+\*\*))$/],
  ["italic", /(?:^|\s)(\*(?!\s+\*)((?:[^*]+))\*(?!\s+\*))$/],
  ["code", /(^|[^`])`([^`]+)`(?!`)$/],
  ["strikethrough", /(?:^|\s)(~~(?!\s+~~)((?:[^~]+))~~(?!\s+~~))$/],
];

/** Enter in a list item: a new item (a task starts unchecked); in an empty one, out of it. */
function enterInList(editor: Editor): boolean {
  const { $from } = editor.state.selection;
  if ($from.depth < 2 || $from.node(-1).type.name !== "listItem") return false;
  const item = $from.node(-1);
  if ($from.parent.content.size === 0 && item.childCount === 1) {
    return editor.commands.liftListItem("listItem");
  }
  const inTasks = $from.node(-2).type.name === "taskList";
  const before = itemBefore(editor.state, inTasks);
  if (before) {
    editor.view.dispatch(before);
    return true;
  }
  return editor.commands.splitListItem("listItem", { checked: inTasks ? false : null });
}

/**
 * Enter at the very start of a keyed list item with text: a new empty item before it (see
 * `enterAtStart`: the item keeps its key and its comments).
 */
export function itemBefore(state: EditorState, inTasks: boolean): Transaction | null {
  const { $from, empty } = state.selection;
  const item = $from.node(-1);
  if (!empty || $from.parentOffset !== 0 || $from.parent.content.size === 0) return null;
  if ($from.index(-1) !== 0 || typeof item.attrs[CODEC_ATTRS.key] !== "string") return null;
  const index = $from.index(-2);
  if (!$from.node(-2).canReplaceWith(index, index, item.type)) return null;
  const attrs = { ...splitAttrs(item), checked: inTasks ? false : null };
  const fresh = item.type.create(attrs, $from.parent.type.create(splitAttrs($from.parent)));
  return state.tr.insert($from.before(-1), fresh).scrollIntoView();
}

/** Enter in a code line: a new line; on an empty last line, out of the code block. */
function enterInCode(editor: Editor): boolean {
  const { state } = editor;
  const { $from, empty } = state.selection;
  if ($from.parent.type.name !== "codeLine" || !empty) return false;
  const code = $from.node(-1);
  const last = $from.index(-1) === code.childCount - 1;
  if (!last || $from.parent.content.size > 0 || code.childCount < 2) {
    return editor.commands.splitBlock();
  }
  const paragraph = state.schema.nodes.paragraph;
  if (!paragraph) return false;
  const tr = state.tr.delete($from.before(), $from.after());
  const after = tr.mapping.map($from.after(-1));
  tr.insert(after, paragraph.create());
  tr.setSelection(TextSelection.create(tr.doc, after + 1));
  editor.view.dispatch(tr.scrollIntoView());
  return true;
}

/**
 * Enter at the very start of a keyed block with text: a new empty block goes before it, so the
 * text keeps its block's key — and the comments anchored on it (issue 38) — where a split would
 * leave the key on the empty first half and move the text into a new, unkeyed block.
 */
export function enterAtStart(state: EditorState): Transaction | null {
  const { $from, empty } = state.selection;
  const block = $from.parent;
  if (!empty || !block.isTextblock || $from.parentOffset !== 0 || block.content.size === 0) {
    return null;
  }
  if (typeof block.attrs[CODEC_ATTRS.key] !== "string" || $from.depth < 1) return null;
  const index = $from.index(-1);
  if (!$from.node(-1).canReplaceWith(index, index, block.type)) return null;
  return state.tr.insert($from.before(), block.type.create(splitAttrs(block))).scrollIntoView();
}

/** Shift-Enter: a line break inside the textblock. */
function lineBreak(editor: Editor): boolean {
  const { state } = editor;
  const type = state.schema.nodes.hardBreak;
  if (!type || !state.selection.$from.parent.isTextblock) return false;
  editor.view.dispatch(state.tr.replaceSelectionWith(type.create()).scrollIntoView());
  return true;
}

/** The writing behaviours, as one Tiptap extension (ahead of Tiptap's own keymap). */
export const writing = Extension.create({
  name: "writing",
  priority: 1000,
  addInputRules() {
    const { marks } = this.editor.schema;
    return [
      blockRule(/^(#{1,3})\s$/, (m) => textblock("heading", { level: (m[1] ?? "#").length })),
      blockRule(/^\s*[-*]\s$/, () => wrapped("bulletList")),
      blockRule(/^(\d+)\.\s$/, (m) =>
        wrapped("orderedList", m[1] === "1" ? null : { start: Number(m[1]) }),
      ),
      blockRule(/^\s*\[([ xX]?)\]\s$/, (m) =>
        wrapped("taskList", null, { checked: (m[1] ?? "").toLowerCase() === "x" }),
      ),
      blockRule(/^\s*>\s$/, () => wrapped("blockquote")),
      blockRule(/^```([\w+-]*)[\s]$/, (m) => codeBlock(m[1] || undefined)),
      blockRule(/^(?:---|—-|___\s|\*\*\*\s)$/, () => divider),
      ...markRules.map(([name, find]) => markInputRule({ find, type: marks[name] as MarkType })),
    ];
  },
  addKeyboardShortcuts() {
    const mark = (name: string) => () => this.editor.commands.toggleMark(name);
    return {
      "Mod-b": mark("bold"),
      "Mod-i": mark("italic"),
      "Mod-e": mark("code"),
      "Mod-Shift-s": mark("strikethrough"),
      Enter: () => {
        if (enterInCode(this.editor) || enterInList(this.editor)) return true;
        const tr = enterAtStart(this.editor.state);
        if (tr) this.editor.view.dispatch(tr);
        return tr !== null;
      },
      "Shift-Enter": () => lineBreak(this.editor),
      Tab: () => this.editor.commands.sinkListItem("listItem"),
      "Shift-Tab": () => this.editor.commands.liftListItem("listItem"),
    };
  },
});
