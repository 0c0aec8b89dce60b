import { Editor } from "@tiptap/core";
import { Dropcursor, Gapcursor, UndoRedo } from "@tiptap/extensions";
import type { JsonDocument } from "../../../core/document/types";
import { fromEditor } from "../../../core/editor/from-editor";
import { toEditor } from "../../../core/editor/to-editor";
import type { PmNode } from "../../../core/editor/pm-json";
import { schemaExtensions } from "./extensions";
import { startSaving } from "./saving";
import { labelledNodeView } from "./node-view";
import { slashMenu } from "./slash-menu";
import { writing } from "./writing";

/**
 * The block editor of a page (the edit screen, app/src/screens/editor/): mounts Tiptap on the
 * `[data-editor]` element with the extensions derived from core/editor's spec, reading the
 * page's ProseMirror JSON from `<script type="application/json" id="editor-doc">` (data, never
 * run). It makes no request: it tells the page what it holds by a `document-change` event on
 * the mount (detail: `{ document }`, the GitBook Document by `fromEditor`) after every change,
 * and again whenever the mount receives `document-request` (the save runtime's flush).
 */

/** What a `document-change` event carries. */
interface DocumentChange {
  document: JsonDocument;
}

function start(mount: HTMLElement, source: HTMLElement): void {
  const content = JSON.parse(source.textContent ?? "null") as PmNode;
  mount.querySelector("[data-editor-fallback]")?.remove();
  const editor = new Editor({
    element: mount,
    extensions: [
      ...schemaExtensions(labelledNodeView),
      UndoRedo,
      Dropcursor,
      Gapcursor,
      writing,
      slashMenu,
    ],
    content,
    // The CSP forbids inline styles: the editor's styles are in css/editor.css.
    injectCSS: false,
    editorProps: {
      attributes: {
        class: "q-ed-content",
        "aria-label": mount.dataset.editorLabel ?? "Page content",
        "aria-multiline": "true",
        role: "textbox",
      },
    },
  });
  const tell = () => {
    const detail: DocumentChange = { document: fromEditor(editor.getJSON() as PmNode) };
    mount.dispatchEvent(new CustomEvent<DocumentChange>("document-change", { detail }));
  };
  editor.on("update", tell);
  mount.addEventListener("document-request", tell);
  mount.dataset.editorReady = "true";
  const { space, changeRequest, page } = mount.dataset;
  if (space && changeRequest && page) {
    void startSaving({
      mount,
      page: { spaceId: space, changeRequestId: changeRequest, pageId: page },
      show: (document) => editor.commands.setContent(toEditor(document), { emitUpdate: false }),
    });
  }
}

const mount = document.querySelector<HTMLElement>("[data-editor]");
const source = document.getElementById("editor-doc");
if (mount && source) start(mount, source);
