import { Editor, type AnyExtension, type Content } from "@tiptap/core";
import { Dropcursor, Gapcursor, UndoRedo } from "@tiptap/extensions";
import type { JsonDocument } from "../../../core/document/types";
import { fromEditor } from "../../../core/editor/from-editor";
import { toEditor } from "../../../core/editor/to-editor";
import { withRootAttrs } from "../../../core/collab/root";
import type { Awareness } from "y-protocols/awareness";
import type * as Y from "yjs";
import type { PmNode } from "../../../core/editor/pm-json";
import type { PageRef } from "../../../core/saving/transport";
import { blockHandle, blockMoves } from "./block-handle";
import { schemaExtensions } from "./extensions";
import { joinRoom, type LiveRoom, type RoomRef, type Viewer } from "./live";
import { ownCaret } from "./caret";
import { caretAwareDiff } from "./caret-diff";
import { labelledNodeView } from "./node-view";
import { liveSync, type LiveSync } from "./live-speed";
import { liveCursors, presenceList } from "./presence";
import { startSaving } from "./saving";
import { whenTypingPauses } from "./telling";
import { typingSignal } from "./typing";
import { slashMenu } from "./slash-menu";
import { uploads } from "./uploads";
import { writing } from "./writing";

/**
 * The block editor of a page (the edit screen, app/src/screens/editor/): mounts Tiptap on the
 * `[data-editor]` element with the extensions derived from core/editor's spec, reading the
 * page's ProseMirror JSON from `<script type="application/json" id="editor-doc">` (data, never
 * run). In a change request, or on main of a space in live edit mode (`data-main`, the page
 * screen's editing in place), it starts joining the page's live room (live.ts) and mounts one
 * editor, read-only, showing the served page; once the room has synced, that editor is bound
 * to the room's Y.Doc (Tiptap's Collaboration, per-person undo, the others' cursors, who is
 * here: live-speed.ts) and editable, and the room saves. When the room never answers, in a
 * change request an editor without the room (its own undo) replaces it, editable, and the save
 * loop saves (saving.ts); on main (no save loop) the page stays read-only and says so.
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

/** From how many top-level blocks a page counts as long (css/editor.css, issue 37). */
const LONG_PAGE_BLOCKS = 200;

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
      attributes: (state) => ({
        class: "q-ed-content",
        "aria-label": mount.dataset.editorLabel ?? "Page content",
        "aria-multiline": "true",
        role: "textbox",
        // A long page's blocks out of view skip rendering (css/editor.css).
        ...(state.doc.childCount >= LONG_PAGE_BLOCKS ? { "data-long": "true" } : {}),
      }),
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
  // The whole Document is converted per tell, and the save loop drafts it whole (20–60 ms at
  // 2,000 blocks, bench:app): in live mode the room holds every keystroke, so changes are told
  // only on request; otherwise once typing pauses (telling.ts), and at once when the page is
  // hidden or left (nothing typed is lost).
  const told = live ? null : whenTypingPauses(tell);
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

/** The room's extensions around `sync` (the binding, the cursors, the typing signal). */
const liveExtensions = (
  ref: PageRef | undefined,
  sync: LiveSync,
  awareness: Awareness,
): AnyExtension[] => [
  ...editing(ref),
  sync.extension,
  ownCaret,
  caretAwareDiff,
  liveCursors(awareness),
  typingSignal(awareness),
];

/** The room has synced: the same editor now shows and edits the room's copy. */
function goLive(editor: Editor, mount: HTMLElement, room: LiveRoom, viewer: Viewer): void {
  presenceList(room.awareness, mount.previousElementSibling as HTMLElement, viewer.id);
  const redraw = room.redraw;
  room.redraw = () => {
    redraw();
    const stopped = room.provider.state.kind === "stopped";
    if (stopped && editor.isEditable) editor.setEditable(false);
  };
  if (viewer.canEdit) editor.setEditable(true);
  mount.dataset.live = "true";
}

async function start(mount: HTMLElement, source: HTMLElement): Promise<void> {
  const content = JSON.parse(source.textContent ?? "null") as PmNode;
  mount.querySelector("[data-editor-fallback]")?.remove();
  const { space, changeRequest, page, personId, personName } = mount.dataset;
  const onMain = mount.dataset.main === "true";
  if (!space || !(changeRequest || onMain) || !page || !personId) {
    mountEditor(mount, [...editing(), UndoRedo], content, true);
    mount.dataset.editorReady = "true";
    return;
  }
  const place: RoomRef = { spaceId: space, changeRequestId: changeRequest ?? null, pageId: page };
  // Uploads and the save loop work on a change request; main has neither.
  const ref = changeRequest ? { ...place, changeRequestId: changeRequest } : undefined;
  const viewer: Viewer = {
    id: personId,
    name: personName ?? "",
    canEdit: mount.dataset.canEdit === "true",
  };
  // The room first (its socket opens while the editor mounts), then one editor: readable at
  // once, bound to the room and editable once the room has synced us.
  const joining = joinRoom(mount, place, viewer);
  const sync = liveSync(joining.doc);
  const extensions = liveExtensions(ref, sync, joining.awareness);
  const shown = mountEditor(mount, extensions, content, false, joining.doc);
  const room = await joining.joined;
  if (room && room.provider.state.kind === "live") {
    sync.bind();
    goLive(shown.editor, mount, room, viewer);
  } else if (!room && ref && viewer.canEdit) {
    // No room here: the editor without one (its own undo), saving through the save loop.
    shown.unmount();
    const saving = mountEditor(mount, [...editing(ref), UndoRedo], content, true);
    void startSaving({
      mount,
      page: ref,
      show: (document) =>
        saving.editor.commands.setContent(toEditor(document), { emitUpdate: false }),
    });
  } else if (!room && !ref) {
    const note = document.createElement("p");
    note.className = "a-message";
    note.setAttribute("role", "status");
    note.textContent = "Live editing is not available here: edit this page in a change request.";
    mount.before(note);
  }
  mount.dataset.editorReady = "true";
}

const mount = document.querySelector<HTMLElement>("[data-editor]");
const source = document.getElementById("editor-doc");
if (mount && source) void start(mount, source);
