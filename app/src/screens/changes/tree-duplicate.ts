import { ApiRefusal } from "../../api/client";
import type { PageRead } from "../../api/content-types";

/**
 * A page's duplicate as content changes (the tree screen's "Duplicate" and "Duplicate with
 * sub-pages", issue 37): the page read by id answers its whole subtree with bodies, so one read
 * and one content batch copy it — the copy after the original, titled "… (copy)", each sub-page
 * an `insert_page` into its parent's copy by a batch-local `ref`, in the tree's order. A batch
 * takes at most 50 changes (the content API's bound), so a subtree larger than that is refused
 * with its size said, never half-copied.
 */

/** A page as the page read answers it: its settings, body and (in a subtree) its pages. */
export interface SubtreeRead extends PageRead {
  emoji?: string;
  hidden?: boolean;
  href?: string;
  pages?: SubtreeRead[];
}

/** The most pages one duplicate copies (the content batch's limit of changes). */
const DUPLICATE_LIMIT = 50;

/** Pages in `page`'s subtree, itself included (at most 64 levels: the API's own depth). */
function sizeOf(page: SubtreeRead, depth = 0): number {
  if (depth > 64) return 1;
  return 1 + (page.pages ?? []).reduce((n, child) => n + sizeOf(child, depth + 1), 0);
}

/** The `insert_page` fields copying one page's kind, body and settings. */
function copyOf(read: SubtreeRead): Record<string, unknown> {
  const kind = read.type === "group" || read.type === "link" ? read.type : "document";
  return {
    ...(kind === "document" && read.document
      ? { document: { document: read.document } }
      : { document: {} }),
    ...(kind !== "document" ? { type: kind } : {}),
    ...(kind === "link" && read.href ? { href: read.href } : {}),
    ...(read.emoji ? { emoji: read.emoji } : {}),
    ...(read.description ? { description: read.description } : {}),
    ...(read.hidden ? { hidden: true } : {}),
  };
}

/**
 * The changes duplicating `read` at `place` (its parent and index): the page alone, or with
 * every page under it (`withPages`). Throws a 400 when the subtree is over DUPLICATE_LIMIT.
 */
export function duplicateChanges(
  read: SubtreeRead,
  place: { parent: string | null; index: number },
  withPages: boolean,
): object[] {
  const size = withPages ? sizeOf(read) : 1;
  if (size > DUPLICATE_LIMIT) {
    throw new ApiRefusal(
      400,
      `page: it has ${size - 1} sub-pages; at most ${DUPLICATE_LIMIT} pages are duplicated at once (duplicate a part of it)`,
    );
  }
  const root = {
    operation: "insert_page",
    ...(withPages ? { ref: "copy-0" } : {}),
    title: `${read.title} (copy)`.slice(0, 256),
    ...copyOf(read),
    ...(place.parent ? { into: place.parent } : {}),
    at: place.index + 1,
  };
  if (!withPages) return [root];
  const changes: object[] = [root];
  const below = (page: SubtreeRead, ref: string, depth: number) => {
    if (depth > 64) return;
    for (const child of page.pages ?? []) {
      const own = `copy-${changes.length}`;
      changes.push({
        operation: "insert_page",
        ref: own,
        title: child.title,
        ...copyOf(child),
        into: ref,
      });
      below(child, own, depth + 1);
    }
  };
  below(read, "copy-0", 0);
  return changes;
}
