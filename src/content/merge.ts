import { diff3Merge } from "node-diff3";
import { MERGED_FIELDS, sameContent, sameField, type PageState } from "./state";

/** One page's three versions: at the common ancestor, on main now, and in the change request. */
export interface PageVersions {
  pageId: string;
  base: PageState | null;
  ours: PageState | null;
  theirs: PageState | null;
}

/** The outcome for one page: a state (null: absent), a conflict, or a body to merge by lines. */
export type PageMerge =
  | { kind: "take"; state: PageState | null }
  | { kind: "conflict"; reason: string }
  | { kind: "merge-document"; state: PageState; base: string; ours: string; theirs: string };

const live = (s: PageState | null): PageState | null => (s && !s.deleted ? s : null);

/**
 * Three-way merge of one page, field by field: a field changed on one side takes that side; the
 * same change on both sides is kept once; different changes to the body are merged by lines
 * (returned as `merge-document`); any other double change, or an edit against a deletion, is a
 * conflict.
 */
export function mergePage(v: PageVersions): PageMerge {
  const base = live(v.base);
  const ours = live(v.ours);
  const theirs = live(v.theirs);
  if (same(ours, base)) return { kind: "take", state: theirs };
  if (same(theirs, base) || same(ours, theirs)) return { kind: "take", state: ours };
  if (!ours || !theirs) {
    return {
      kind: "conflict",
      reason: ours
        ? "deleted in the change request but edited on main"
        : "edited in the change request but deleted on main",
    };
  }
  if (!base) return { kind: "conflict", reason: "created on both sides" };
  const merged: PageState = { ...theirs, updatedAt: later(ours.updatedAt, theirs.updatedAt) };
  for (const field of MERGED_FIELDS) {
    if (field === "documentHash" || sameField(field, ours, theirs) || sameField(field, base, ours))
      continue;
    if (sameField(field, base, theirs)) {
      (merged as unknown as Record<string, unknown>)[field] = ours[field];
      continue;
    }
    if (field === "position") continue; // both reordered: the change request's order wins
    return {
      kind: "conflict",
      reason: `${field} changed differently on main and in the change request`,
    };
  }
  const docBase = base.documentHash;
  const docOurs = ours.documentHash;
  const docTheirs = theirs.documentHash;
  if (docOurs === docTheirs || docBase === docOurs) return { kind: "take", state: merged };
  if (docBase === docTheirs) return { kind: "take", state: { ...merged, documentHash: docOurs } };
  if (!docBase || !docOurs || !docTheirs)
    return { kind: "conflict", reason: "the body changed on both sides" };
  return { kind: "merge-document", state: merged, base: docBase, ours: docOurs, theirs: docTheirs };
}

/** Line-by-line three-way merge of markdown; null when the same lines changed differently. */
export function mergeMarkdown(base: string, ours: string, theirs: string): string | null {
  const regions = diff3Merge(ours.split("\n"), base.split("\n"), theirs.split("\n"), {
    excludeFalseConflicts: true,
  });
  const out: string[] = [];
  for (const region of regions) {
    if (region.ok) out.push(...region.ok);
    else return null;
  }
  return out.join("\n");
}

function same(a: PageState | null, b: PageState | null): boolean {
  if (a === null || b === null) return a === b;
  return sameContent(a, b);
}

function later(a: string, b: string): string {
  return a > b ? a : b;
}
