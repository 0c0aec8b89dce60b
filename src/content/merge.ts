import { MERGED_FIELDS, sameContent, sameField, type PageState } from "./state";

/** One page's three versions: at the common ancestor, on main now, and in the change request. */
export interface PageVersions {
  pageId: string;
  base: PageState | null;
  ours: PageState | null;
  theirs: PageState | null;
}

/** Which side a page-level conflict keeps: main's ("ours") or the change request's ("theirs"). */
export type PageSide = "ours" | "theirs";

/**
 * The outcome for one page: a state (null: absent), a conflict of existence, or a body to merge
 * by blocks. `conflict` on the first and last: fields both sides changed differently (the state
 * holds the change request's values for them until a side is chosen).
 */
export type PageMerge =
  | { kind: "take"; state: PageState | null; conflict?: string }
  | { kind: "conflict"; reason: string }
  | {
      kind: "merge-document";
      state: PageState;
      base: string;
      ours: string;
      theirs: string;
      conflict?: string;
    };

const live = (s: PageState | null): PageState | null => (s && !s.deleted ? s : null);

/**
 * Three-way merge of one page, field by field: a field changed on one side takes that side; the
 * same change on both sides is kept once; different changes to the body are merged by blocks
 * (returned as `merge-document`); any other double change, or an edit against a deletion, is a
 * conflict, unless `prefer` names the side that wins it.
 */
export function mergePage(v: PageVersions, prefer?: PageSide): PageMerge {
  const base = live(v.base);
  const ours = live(v.ours);
  const theirs = live(v.theirs);
  if (same(ours, base)) return { kind: "take", state: theirs };
  if (same(theirs, base) || same(ours, theirs)) return { kind: "take", state: ours };
  if (!ours || !theirs || !base) {
    if (prefer) return { kind: "take", state: prefer === "ours" ? ours : theirs };
    return {
      kind: "conflict",
      reason: !base
        ? "created on both sides"
        : ours
          ? "deleted in the change request but edited on main"
          : "edited in the change request but deleted on main",
    };
  }
  const merged: PageState = { ...theirs, updatedAt: later(ours.updatedAt, theirs.updatedAt) };
  const record = merged as unknown as Record<string, unknown>;
  const clashes: string[] = [];
  for (const field of MERGED_FIELDS) {
    if (field === "documentHash" || sameField(field, ours, theirs) || sameField(field, base, ours))
      continue;
    if (sameField(field, base, theirs)) {
      record[field] = ours[field];
      continue;
    }
    if (field === "position") continue; // both reordered: the change request's order wins
    if (prefer === "ours") record[field] = ours[field];
    else if (!prefer) clashes.push(field);
  }
  const conflict = clashes.length
    ? `${clashes.join(", ")} changed differently on main and in the change request`
    : undefined;
  const clash = conflict ? { conflict } : {};
  const docBase = base.documentHash;
  const docOurs = ours.documentHash;
  const docTheirs = theirs.documentHash;
  if (docOurs === docTheirs || docBase === docOurs)
    return { kind: "take", state: merged, ...clash };
  if (docBase === docTheirs)
    return { kind: "take", state: { ...merged, documentHash: docOurs }, ...clash };
  if (!docBase || !docOurs || !docTheirs) {
    if (prefer) {
      const documentHash = prefer === "ours" ? docOurs : docTheirs;
      return { kind: "take", state: { ...merged, documentHash }, ...clash };
    }
    return { kind: "conflict", reason: "the body changed on both sides" };
  }
  return {
    kind: "merge-document",
    state: merged,
    base: docBase,
    ours: docOurs,
    theirs: docTheirs,
    ...clash,
  };
}

function same(a: PageState | null, b: PageState | null): boolean {
  if (a === null || b === null) return a === b;
  return sameContent(a, b);
}

function later(a: string, b: string): string {
  return a > b ? a : b;
}
