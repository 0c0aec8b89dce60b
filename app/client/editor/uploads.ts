import { Extension, type Editor } from "@tiptap/core";
import { Plugin, PluginKey, type EditorState } from "@tiptap/pm/state";
import { Decoration, DecorationSet, type EditorView } from "@tiptap/pm/view";
import type { LooseNode } from "../../../core/document/loose";
import { toEditor } from "../../../core/editor/to-editor";
import {
  cleanName,
  refusalOf,
  uploadFile,
  type UploadTarget,
  type Uploaded,
} from "./upload-request";

/**
 * Images and files by paste and drop (issue 37): each pasted or dropped file is uploaded as one
 * of the space's files (upload-request.ts) while a placeholder with its progress stands where it
 * goes (a widget decoration: not part of the document, so nothing half-made is saved or sent to
 * the live room); once stored, an image block (images) or a file block (anything else) naming
 * the new file replaces the placeholder. A file too large, or refused, is said in the uploads'
 * line and nothing typed changes. The blocks are ordinary edits: the live room or the save loop
 * saves them like typing.
 */

/** The plugin's actions, as transaction meta. */
type Action = { add: { id: string; pos: number; name: string } } | { remove: string };

const key = new PluginKey<DecorationSet>("quire-uploads");

/** The placeholder's element: the file's name, a progress bar, and the state in words. */
function placeholder(name: string): { dom: HTMLElement; progress(fraction: number): void } {
  const dom = document.createElement("div");
  dom.className = "q-ed-upload";
  dom.dataset.uploading = name;
  dom.contentEditable = "false";
  const label = document.createElement("span");
  label.textContent = `Uploading ${name}…`;
  const bar = document.createElement("progress");
  bar.max = 100;
  bar.value = 0;
  bar.setAttribute("aria-label", `Uploading ${name}`);
  dom.append(label, bar);
  return {
    dom,
    progress: (fraction) => {
      bar.value = Math.round(fraction * 100);
      label.textContent = `Uploading ${name}… ${bar.value}%`;
    },
  };
}

/** The block that shows an uploaded file, as a Document block. */
function blockOf(file: Uploaded): LooseNode {
  const ref = { kind: "file", file: file.id };
  if (file.contentType.startsWith("image/")) {
    const alt = file.name.replace(/\.[a-z0-9]+$/i, "");
    const image = {
      object: "block",
      type: "image",
      isVoid: true,
      data: { ref, alt },
      fragments: [],
    };
    return { object: "block", type: "images", data: {}, nodes: [image] };
  }
  return { object: "block", type: "file", isVoid: true, data: { ref }, fragments: [] };
}

/** Where a block goes for a point in the document: an empty paragraph's place, or after its block. */
function blockRange(state: EditorState, pos: number): { from: number; to: number } {
  const $pos = state.doc.resolve(Math.min(Math.max(pos, 0), state.doc.content.size));
  if (!$pos.parent.isTextblock || $pos.depth === 0) return { from: $pos.pos, to: $pos.pos };
  if ($pos.parent.content.size === 0) return { from: $pos.before(), to: $pos.after() };
  const at = $pos.parentOffset === 0 ? $pos.before() : $pos.after();
  return { from: at, to: at };
}

/** The uploads' line under the editor: what failed and why (role=alert). */
function messageLine(view: EditorView): HTMLElement {
  const line = document.createElement("p");
  line.className = "q-ed-upload-error";
  line.setAttribute("role", "alert");
  line.dataset.uploadMessage = "";
  line.hidden = true;
  view.dom.parentElement?.after(line);
  return line;
}

/** The plugin over an editor; `say` shows a failure. */
function uploadsPlugin(editor: Editor, target: UploadTarget): Plugin<DecorationSet> {
  let line: HTMLElement | null = null;
  let counter = 0;
  const say = (text: string) => {
    if (!line) return;
    line.textContent = text;
    line.hidden = false;
  };
  const start = (view: EditorView, files: File[], pos: number) => {
    for (const file of files) {
      const refusal = refusalOf(file);
      if (refusal) {
        say(refusal);
        continue;
      }
      const id = `upload-${++counter}`;
      const shown = placeholder(cleanName(file));
      const widget = Decoration.widget(pos, shown.dom, { id, key: id, side: -1 });
      const add: Action = { add: { id, pos, name: file.name } };
      view.dispatch(view.state.tr.setMeta(key, { action: add, widget }));
      void uploadFile(target, file, shown.progress).then(
        (stored) => finish(view, id, blockOf(stored)),
        (error: unknown) => {
          finish(view, id, null);
          say(`"${cleanName(file)}" was not uploaded: ${(error as Error).message}`);
        },
      );
    }
  };
  const finish = (view: EditorView, id: string, block: LooseNode | null) => {
    if (view.isDestroyed) return;
    const found = key.getState(view.state)?.find(undefined, undefined, (s) => s.id === id)[0];
    view.dispatch(view.state.tr.setMeta(key, { action: { remove: id } }));
    if (!block) return;
    // The placeholder's place (mapped through every edit since), else the caret.
    const range = blockRange(view.state, found?.from ?? view.state.selection.from);
    const json = toEditor({ object: "document", data: {}, nodes: [block] }).content?.[0];
    if (json) editor.chain().insertContentAt(range, json).run();
  };
  return new Plugin<DecorationSet>({
    key,
    state: {
      init: () => DecorationSet.empty,
      apply(tr, set) {
        const meta = tr.getMeta(key) as { action: Action; widget?: Decoration } | undefined;
        let next = set.map(tr.mapping, tr.doc);
        if (meta && "add" in meta.action && meta.widget) next = next.add(tr.doc, [meta.widget]);
        if (meta && "remove" in meta.action) {
          const id = meta.action.remove;
          next = next.remove(next.find(undefined, undefined, (s) => s.id === id));
        }
        return next;
      },
    },
    view: (view) => {
      line = messageLine(view);
      return { destroy: () => line?.remove() };
    },
    props: {
      decorations: (state) => key.getState(state),
      handlePaste: (view, event) => {
        const files = filesOf(event.clipboardData);
        if (!view.editable || files.length === 0) return false;
        start(view, files, view.state.selection.from);
        return true;
      },
      handleDrop: (view, event) => {
        const files = filesOf(event.dataTransfer);
        if (files.length === 0) return false;
        event.preventDefault();
        if (!view.editable) return true;
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        start(view, files, at?.pos ?? view.state.selection.from);
        return true;
      },
    },
  });
}

/** The files a paste or drop carries (none for text, HTML or an in-editor drag). */
function filesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  if (data.files.length > 0) return Array.from(data.files);
  return Array.from(data.items)
    .filter((item) => item.kind === "file")
    .flatMap((item) => item.getAsFile() ?? []);
}

/** The uploads extension, for the change request of `target`. */
export const uploads = (target: UploadTarget) =>
  Extension.create({
    name: "quireUploads",
    addProseMirrorPlugins() {
      return [uploadsPlugin(this.editor, target)];
    },
  });
