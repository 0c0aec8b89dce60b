import type { RoomStatus } from "../collab/messages";
import type { LiveProvider, LiveState } from "../collab/provider";

/**
 * The status line of a live page (issue 38): where the room's copy is — connecting, offline
 * (edits kept in this browser), saving, all changes saved, the room's failed write, or why live
 * editing stopped — in the same `[data-save-status]` area, with the same `data-save-state`
 * names, as the save loop's line (saving.ts), so a person and the tests read one status.
 */

/** How the line reads for each state; `null` status means not yet in the room. */
function describe(state: LiveState, status: RoomStatus, canEdit: boolean): [string, string] {
  switch (state.kind) {
    case "connecting":
      return ["connecting", "Connecting to the live room…"];
    case "offline":
      return [
        "offline",
        "Offline: your changes are kept in this browser and sent when Quire answers again",
      ];
    case "stopped":
      return ["stopped", `Live editing stopped: ${state.reason}`];
    case "unavailable":
      return ["connecting", "Live editing is not available: saving without it"];
    case "live":
      if (!canEdit) return ["readonly", "Reading live: your role on this space cannot edit"];
      if (status.error) {
        return ["failed", `Quire could not save this page yet (${status.error}): nothing is lost`];
      }
      return status.saved ? ["saved", "All changes saved"] : ["saving", "Saving…"];
  }
}

/** A live status area before `mount`; answers the function that redraws it. */
export function liveStatus(
  mount: HTMLElement,
  provider: LiveProvider,
  canEdit: boolean,
): () => void {
  const area = document.createElement("div");
  area.className = "q-ed-status";
  area.setAttribute("role", "status");
  area.setAttribute("aria-live", "polite");
  area.dataset.saveStatus = "";
  area.dataset.live = "";
  mount.before(area);
  const draw = () => {
    const [name, text] = describe(provider.state, provider.status, canEdit);
    const line = document.createElement("p");
    line.className = "q-ed-status-line";
    line.textContent = text;
    const actions: HTMLElement[] = [];
    if (provider.state.kind === "offline") {
      const retry = document.createElement("button");
      retry.type = "button";
      retry.className = "a-button a-button-secondary";
      retry.textContent = "Retry now";
      retry.addEventListener("click", () => provider.reconnectNow());
      actions.push(retry);
    }
    area.dataset.saveState = name;
    area.replaceChildren(line, ...actions);
  };
  draw();
  return draw;
}
