import { IndexeddbPersistence } from "y-indexeddb";
import { Awareness } from "y-protocols/awareness";
import * as Y from "yjs";
import type { PageRef } from "../../../core/saving/transport";
import { LiveProvider } from "../collab/provider";
import { liveStatus } from "./live-status";
import { colourFor } from "./presence";

/**
 * Joining a page's live room (issue 38; docs/app.md, "Co-editing"): the page's Y.Doc, kept in
 * this browser's IndexedDB per (person, change request or main, page) so a closed tab or an
 * offline period loses nothing, the room's provider, and this person's presence. `joinRoom` answers
 * once the room has synced us (live), or `null` when the room never answered (no live editing
 * here: the editor then saves through the content API as it does without rooms).
 */

/** The viewer, as the edit screen names them. */
export interface Viewer {
  id: string;
  name: string;
  canEdit: boolean;
}

/** A room joined: the document the editor binds to, and how to leave. */
export interface LiveRoom {
  doc: Y.Doc;
  awareness: Awareness;
  provider: LiveProvider;
  /** Redraws the status line (after the editor is bound). */
  redraw(): void;
  leave(): void;
}

/** The page a room edits: in a change request, or on main (`changeRequestId` null). */
export type RoomRef = Omit<PageRef, "changeRequestId"> & { changeRequestId: string | null };

/** The room's address on the app's own origin (proxied to the API with the session cookie). */
function roomUrl(page: RoomRef): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const line = page.changeRequestId
    ? ["change-requests", encodeURIComponent(page.changeRequestId)]
    : [];
  const segments = [
    "v1/spaces",
    encodeURIComponent(page.spaceId),
    ...line,
    "pages",
    encodeURIComponent(page.pageId),
    "live",
  ];
  return `${scheme}://${location.host}/${segments.join("/")}`;
}

/** This browser's copy of the doc, loaded; null when IndexedDB is unavailable or too slow. */
async function localCopy(name: string, doc: Y.Doc): Promise<IndexeddbPersistence | null> {
  try {
    const persistence = new IndexeddbPersistence(name, doc);
    const loaded = await Promise.race([
      persistence.whenSynced.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000)),
    ]);
    if (loaded) return persistence;
    void persistence.destroy();
  } catch {
    // No IndexedDB (a private window may refuse it): the room alone holds the edits.
  }
  return null;
}

/** A room being joined: its document and presence at once, the outcome when it answers. */
export interface Joining {
  doc: Y.Doc;
  awareness: Awareness;
  /** The room once it has synced us (live) or stopped with a reason; null when it never answered. */
  joined: Promise<LiveRoom | null>;
}

/**
 * Joins the live room of `page` (see above). The socket opens at once, while this browser's
 * copy loads from IndexedDB (the room answers nothing this tab needs first: its sync sends what
 * either side lacks, and what the copy adds later goes to the room as an edit); the outcome
 * waits for both, so the copy's edits are in the document before anyone types.
 */
export function joinRoom(mount: HTMLElement, page: RoomRef, viewer: Viewer): Joining {
  const doc = new Y.Doc();
  const line = page.changeRequestId ?? `main:${page.spaceId}`;
  const key = `quire-live/${viewer.id}/${line}/${page.pageId}`;
  const copy = localCopy(key, doc);
  const awareness = new Awareness(doc);
  awareness.setLocalStateField("user", {
    id: viewer.id,
    name: viewer.name,
    colour: colourFor(viewer.id),
  });
  let redraw = () => {};
  let outcome: (joined: boolean) => void = () => {};
  const answered = new Promise<boolean>((resolve) => (outcome = resolve));
  const provider: LiveProvider = new LiveProvider({
    url: roomUrl(page),
    doc,
    awareness,
    onState: (state) => {
      redraw();
      if (state.kind === "live") outcome(true);
      if (state.kind === "unavailable" || state.kind === "stopped") outcome(false);
    },
    onStatus: () => redraw(),
  });
  redraw = liveStatus(mount, provider, viewer.canEdit);
  const area = mount.previousElementSibling;
  const online = () => provider.reconnectNow();
  const offline = () => provider.networkLost();
  window.addEventListener("online", online);
  window.addEventListener("offline", offline);
  provider.start();
  const joined = Promise.all([copy, answered]).then(([persistence, live]) => {
    const leave = () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      provider.destroy();
      void persistence?.destroy();
    };
    if (!live) {
      if (provider.state.kind === "unavailable") {
        leave();
        area?.remove();
        doc.destroy();
        return null;
      }
      // Stopped with a reason (access, a merged change request): the line says it.
      return { doc, awareness, provider, redraw, leave };
    }
    window.addEventListener("pagehide", leave, { once: true });
    return { doc, awareness, provider, redraw, leave };
  });
  return { doc, awareness, joined };
}
