import type { BlockConflict } from "../../../core/merge/blocks";
import type { Conflict } from "../../api/change-request-conflicts";
import type { PageState } from "../../content/state";

/** What both sides did to a block, in the words of the conflict list. */
function blockReason(c: BlockConflict): string {
  if (!c.base) return `block ${c.key}: added on both sides with different content`;
  if (!c.ours) return `block ${c.key}: deleted on main but changed in the change request`;
  if (!c.theirs) return `block ${c.key}: changed on main but deleted in the change request`;
  return `block ${c.key}: changed differently on main and in the change request`;
}

/** A block conflict of a page as the conflicts read answers it. */
export function blockConflict(page: PageState, c: BlockConflict): Conflict {
  return {
    page: page.pageId,
    title: page.title,
    kind: "block",
    block: c.key,
    reason: blockReason(c),
    main: c.ours ? { ...c.ours } : null,
    mine: c.theirs ? { ...c.theirs } : null,
  };
}

/**
 * The 409's message: every conflict as `title (id): reason`, then where to see and resolve them
 * (the conflicts read and update-from-main's `resolutions`, Quire extensions).
 */
export function conflictMessage(conflicts: readonly Conflict[]): string {
  const list = conflicts.map((c) => `${c.title} (${c.page}): ${c.reason}`).join("; ");
  return `The change request conflicts with main: ${list}. GET .../conflicts lists them; POST .../update with "resolutions" resolves them`;
}
