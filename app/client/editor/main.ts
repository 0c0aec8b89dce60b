import { Editor, type AnyExtension, type Content } from "@tiptap/core";
import { Dropcursor, Gapcursor, UndoRedo } from "@tiptap/extensions";
import type { JsonDocument } from "../../../core/document/types";
import { fromEditor } from "../../../core/editor/from-editor";
import { toEditor } from "../../../core/editor/to-editor";
import { withRootAttrs } from "../../../core/collab/root";
import type * as Y from "yjs";
import type { PmNode } from "../../../core/editor/pm-json";
import type { PageRef } from "../../../core/saving/transport";
import { blockHandle, blockMoves } from "./block-handle";
import { schemaExtensions } from "./extensions";
import { joinRoom, type LiveRoom, type Viewer } from "./live";
import { ownCaret } from "./caret";
import { caretAwareDiff } from "./caret-diff";
import { labelledNodeView } from "./node-view";
import { LiveCollaboration } from "./live-speed";
import { liveCursors, presenceList } from "./presence";
import { startSaving } from "./saving";
import { typingSignal } from "./typing";
import { slashMenu } from "./slash-menu";
import { uploads } from "./uploads";
import { writing } from "./writing";

/**
 * The block editor of a page (the edit screen, app/src/screens/editor/): mounts Tiptap on the
 * `[data-editor]` element with the extensions derived from core/editor's spec, reading the
 * page's ProseMirror JSON from `<script type="application/json" id="editor-doc">` (data, never
 * run). In a change request it first joins the page's live room (live.ts): while it connects
 * the page shows read-only; once synced the editor is bound to the room's Y.Doc (Tiptap's
 * Collaboration, per-person undo, the others' cursors, who is here) and the room saves. When
 * the room never answers, the same editor becomes editable and the save loop saves (saving.ts).
 * Either way it tells the page what it holds by a `document-change` event on the mount
 * (detail: `{ document }`, the GitBook Document by `fromEditor`) after every change, and again
 * whenever the mount receives `document-request`.
 */

/** What a `document-change` event carries. */
interface DocumentChange {
  document: JsonDocument;
}

/** The editing extensions every mode shares (uploads only where the page has a change request). */
const editing = (ref?: PageRef): AnyExtension[] => [
  ...schemaExtensions(labelledNodeView),
  Dropcursor,
  Gapcursor,
  writing,
  blockMoves,
  blockHandle,
  slashMenu,
  ...(ref ? [uploads({ spaceId: ref.spaceId, changeRequestId: ref.changeRequestId })] : []),
];

/** An editor on `mount`, telling the page every change; `content` null in live mode. */
function mountEditor(
  mount: HTMLElement,
  extensions: AnyExtension[],
  content: Content | null,
  editable: boolean,
  live?: Y.Doc,
): { editor: Editor; unmount(): void } {
  const editor = new Editor({
    element: mount,
    extensions,
    ...(content ? { content } : {}),
    editable,
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
    const json = editor.getJSON() as PmNode;
    // Live, the Document's top-level data is in the room's "document" map, not in the editor.
    const detail: DocumentChange = {
      document: fromEditor(live ? withRootAttrs(json, live) : json),
    };
    mount.dispatchEvent(new CustomEvent<DocumentChange>("document-change", { detail }));
  };
  // The whole Document is converted per tell (20 ms at 2,000 blocks, bench:app): in live mode
  // the room holds every keystroke, so changes are told only on request; otherwise at most once
  // per TELL_INTERVAL_MS, and at once when the page is hidden or left (nothing typed is lost).
  const told = live ? null : throttled(tell, TELL_INTERVAL_MS);
  if (told) {
    editor.on("update", told.run);
    window.addEventListener("pagehide", told.flush);
    document.addEventListener("visibilitychange", told.flush);
  }
  mount.addEventListener("document-request", tell);
  return {
    editor,
    unmount: () => {
      mount.removeEventListener("document-request", tell);
      if (told) {
        editor.off("update", told.run);
        window.removeEventListener("pagehide", told.flush);
        document.removeEventListener("visibilitychange", told.flush);
        told.flush();
      }
      editor.destroy();
    },
  };
}

/** How often at most the save loop is told the Document while typing (leading and trailing). */
const TELL_INTERVAL_MS = 250;

/** `run` calls `act` at once, then at most once per `interval`; `flush` runs what is pending. */
function throttled(act: () => void, interval: number): { run(): void; flush(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending = false;
  const fire = () => {
    timer = null;
    if (!pending) return;
    pending = false;
    act();
    timer = setTimeout(fire, interval);
  };
  return {
    run() {
      pending = true;
      if (timer === null) fire();
    },
    flush() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      if (pending) {
        pending = false;
        act();
      }
    },
  };
}

/** Binds a new editor to the joined room (the room's copy replaces the read-only one). */
function goLive(mount: HTMLElement, room: LiveRoom, viewer: Viewer, ref: PageRef): void {
  const extensions = [
    ...editing(ref),
    LiveCollaboration.configure({ document: room.doc, field: "default" }),
    ownCaret,
    caretAwareDiff,
    liveCursors(room.awareness),
    typingSignal(room.awareness),
  ];
  const { editor } = mountEditor(mount, extensions, null, viewer.canEdit, room.doc);
  presenceList(room.awareness, mount.previousElementSibling as HTMLElement, viewer.id);
  const redraw = room.redraw;
  room.redraw = () => {
    redraw();
    const stopped = room.provider.state.kind === "stopped";
    if (stopped && editor.isEditable) editor.setEditable(false);
  };
  mount.dataset.live = "true";
}

async function start(mount: HTMLElement, source: HTMLElement): Promise<void> {
  const content = JSON.parse(source.textContent ?? "null") as PmNode;
  mount.querySelector("[data-editor-fallback]")?.remove();
  const { space, changeRequest, page, personId, personName } = mount.dataset;
  if (!space || !changeRequest || !page || !personId) {
    mountEditor(mount, [...editing(), UndoRedo], content, true);
    mount.dataset.editorReady = "true";
    return;
  }
  const ref: PageRef = { spaceId: space, changeRequestId: changeRequest, pageId: page };
  const viewer: Viewer = {
    id: personId,
    name: personName ?? "",
    canEdit: mount.dataset.canEdit === "true",
  };
  // Readable at once; editable once we know who saves (the room, or the save loop).
  const shown = mountEditor(mount, [...editing(ref), UndoRedo], content, false);
  const room = await joinRoom(mount, ref, viewer);
  if (room && room.provider.state.kind === "live") {
    shown.unmount();
    goLive(mount, room, viewer, ref);
  } else if (!room && viewer.canEdit) {
    shown.editor.setEditable(true);
    void startSaving({
      mount,
      page: ref,
      show: (document) =>
        shown.editor.commands.setContent(toEditor(document), { emitUpdate: false }),
    });
  }
  mount.dataset.editorReady = "true";
}

const mount = document.querySelector<HTMLElement>("[data-editor]");
const source = document.getElementById("editor-doc");
if (mount && source) void start(mount, source);
