// The bare editor of `npm run bench:app` (a browser script, bundled by bench/lib/app-bare.mjs):
// ProseMirror with its basic schema and lists (prosemirror-schema-basic, @tiptap/pm's model,
// state, view, keymap, commands, history and schema-list), no Quire extension, no network. It
// parses the page's `<template id="doc">` (the bench's document as HTML) into the editor and then
// marks the mount `data-editor-ready`, as Quire's editor marks its own.
/* global document */
import { baseKeymap } from "@tiptap/pm/commands";
import { history, redo, undo } from "@tiptap/pm/history";
import { keymap } from "@tiptap/pm/keymap";
import { DOMParser, Schema } from "@tiptap/pm/model";
import { addListNodes } from "@tiptap/pm/schema-list";
import { EditorState } from "@tiptap/pm/state";
import { EditorView } from "@tiptap/pm/view";
import { schema as basic } from "prosemirror-schema-basic";

const schema = new Schema({
  nodes: addListNodes(basic.spec.nodes, "paragraph block*", "block"),
  marks: basic.spec.marks,
});
const mount = document.querySelector("[data-editor]");
const source = document.getElementById("doc");
const doc = DOMParser.fromSchema(schema).parse(source.content);
new EditorView(mount, {
  state: EditorState.create({
    doc,
    plugins: [history(), keymap({ "Mod-z": undo, "Mod-y": redo }), keymap(baseKeymap)],
  }),
});
mount.dataset.blocks = String(doc.childCount);
mount.dataset.editorReady = "true";
