import type { JsonDocument } from "../../../core/document/types";
import { apiTransport } from "../../../core/saving/api-transport";
import { SaveLoop } from "../../../core/saving/save-loop";
import { DEFAULT_TIMING, retryDelay, type SaveStatus } from "../../../core/saving/save-status";
import type { PageRef } from "../../../core/saving/transport";
import { localDraftStore } from "./drafts-local";
import { TELL_MAX_WAIT_MS, TELL_QUIET_MS } from "./telling";

/**
 * The editor's saving (docs/architecture.md, "Saving: nothing typed is lost"): the save loop of
 * core/saving over the API on the app's origin (`/v1`, the session's cookie and CSRF token),
 * with drafts in this browser's localStorage. Every change the editor tells (`document-change`)
 * goes to the loop, which keeps it at once and saves it on the base it was read from; the status
 * line says where the text is; a conflict asks the person which version to keep.
 */

/** What the page gives the saving: the editor's mount and how to replace what it shows. */
interface SavingHost {
  mount: HTMLElement;
  page: PageRef;
  /** Shows `document` in the editor (a restored draft, or the server's version chosen). */
  show(document: JsonDocument): void;
}

/** How a state reads on the status line. */
const STATE_TEXT: Readonly<Record<SaveStatus["state"], string>> = {
  saved: "All changes saved",
  unsaved: "Unsaved changes (kept in this browser)",
  saving: "Saving…",
  offline: "Offline: changes are kept in this browser and saved when Quire answers again",
  conflict: "Someone else changed this page: choose which version to keep",
  signedOut: "Your session ended: sign in again in another tab, then retry. Nothing is lost",
  failed: "Quire refused this save: your text is kept in this browser",
};

/** The session's CSRF token, from the page's `<meta name="quire-csrf">`. */
function csrfToken(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="quire-csrf"]')?.content ?? null;
}

/** A button of the status area. */
function button(label: string, run: () => void): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "a-button a-button-secondary";
  element.textContent = label;
  element.addEventListener("click", run);
  return element;
}

/** Draws the status line and the actions its state offers. */
function render(area: HTMLElement, loop: SaveLoop, status: SaveStatus, host: SavingHost): void {
  const line = document.createElement("p");
  line.className = "q-ed-status-line";
  line.textContent = status.message
    ? `${STATE_TEXT[status.state]} (${status.message})`
    : STATE_TEXT[status.state];
  const actions: HTMLElement[] = [];
  if (status.state === "conflict") {
    actions.push(button("Keep my version", () => void loop.keepMine()));
    actions.push(
      button("Take their version", () => {
        const theirs = loop.takeTheirs();
        if (theirs) host.show(theirs as JsonDocument);
      }),
    );
  }
  if (status.state === "signedOut" || status.state === "offline") {
    actions.push(button("Retry now", () => void loop.resume()));
  }
  area.dataset.saveState = status.state;
  area.replaceChildren(line, ...actions);
}

/** Starts saving the editor's page; resolves once the loop has restored any draft. */
export async function startSaving(host: SavingHost): Promise<void> {
  const area = document.createElement("div");
  area.className = "q-ed-status";
  area.setAttribute("role", "status");
  area.setAttribute("aria-live", "polite");
  area.dataset.saveStatus = "";
  host.mount.before(area);
  const transport = apiTransport({ apiRoot: "/v1", csrfToken });
  const loop: SaveLoop = new SaveLoop({
    page: host.page,
    transport,
    store: localDraftStore(window.localStorage),
    onStatus: (status) => render(area, loop, status, host),
    // The editor tells a change once typing pauses (telling.ts): the loop waits the rest.
    timing: {
      debounceMs: DEFAULT_TIMING.debounceMs - TELL_QUIET_MS,
      maxWaitMs: DEFAULT_TIMING.maxWaitMs - TELL_MAX_WAIT_MS,
    },
  });
  // Edits made before the server's version is known wait here (the loop starts on its base).
  let early: JsonDocument | null = null;
  let ready = false;
  host.mount.addEventListener("document-change", (event) => {
    const { document: changed } = (event as CustomEvent<{ document: JsonDocument }>).detail;
    if (ready) loop.edit(changed);
    else early = changed;
  });
  window.addEventListener("pagehide", () => void loop.flush());
  window.addEventListener("beforeunload", (event) => {
    if (loop.status.state !== "saved") event.preventDefault();
  });
  let loaded = await transport.load(host.page);
  // Unreachable at first: the loop's own backoff (one rule for every retry of the editor).
  for (let failures = 1; loaded.kind === "offline"; failures++) {
    area.textContent = STATE_TEXT.offline;
    await new Promise((resolve) => setTimeout(resolve, retryDelay(DEFAULT_TIMING, failures)));
    loaded = await transport.load(host.page);
  }
  if (loaded.kind !== "loaded") {
    // Without the server's version there is no base to save on: say why, save nothing.
    area.dataset.saveState = loaded.kind;
    area.textContent =
      loaded.kind === "failed" ? `${STATE_TEXT.failed} (${loaded.message})` : STATE_TEXT.signedOut;
    return;
  }
  const draft = await loop.restore(loaded.documentId);
  if (draft) host.show(draft as JsonDocument);
  ready = true;
  if (early) loop.edit(early);
}
