import type { PageRow } from "../../db/schema";
import type { Database } from "../../db/client";
import type { ContentPointer } from "../../content/pointer";
import { childrenQuery, pageWithAncestorsQuery } from "../../content/read";
import { stateOf, type PageState } from "../../content/state";

/** A page the merged tree cannot hold as it is. */
export interface TreeProblem {
  pageId: string;
  title: string;
  reason: string;
}

/** Structural checks of the merged tree: every parent exists, no cycle, slugs unique among siblings. */
export async function treeProblems(
  db: Database,
  head: ContentPointer,
  merged: PageState[],
): Promise<TreeProblem[]> {
  const mergedOf = new Map(merged.map((s) => [s.pageId, s]));
  const live = merged.filter((s) => !s.deleted);
  const parents = [...new Set(live.map((s) => s.parentId))];
  const moved = live.filter((s) => s.parentId !== null).map((s) => s.pageId);
  const queries = [
    childrenQuery(db, head, parents),
    ...moved
      .slice(0, 50)
      .map((id) => pageWithAncestorsQuery(db, head, mergedOf.get(id)!.parentId!)),
  ];
  const [first, ...rest] = queries;
  const results = (await db.batch([first!, ...rest])) as PageRow[][];
  const state = new Map<string, PageState>();
  for (const rows of results) for (const r of rows) if (!r.deleted) state.set(r.pageId, stateOf(r));
  for (const s of merged) state.set(s.pageId, s);
  const exists = (id: string) => state.get(id) && !state.get(id)!.deleted;
  const problems: TreeProblem[] = [];
  const problem = (s: PageState, reason: string) =>
    problems.push({ pageId: s.pageId, title: s.title, reason });
  for (const s of live) {
    if (s.parentId !== null && !exists(s.parentId)) {
      problem(s, "its parent page was deleted on main");
      continue;
    }
    let cursor = s.parentId;
    for (let depth = 0; cursor !== null && depth < 128; depth++) {
      if (cursor === s.pageId) {
        problem(s, "the moves on main and in the change request make a cycle");
        break;
      }
      cursor = state.get(cursor)?.parentId ?? null;
    }
  }
  for (const parent of parents) {
    const slugs = new Map<string, string>();
    for (const s of state.values()) {
      if (s.deleted || s.parentId !== parent) continue;
      const other = slugs.get(s.slug);
      if (other) {
        // Named on the change request's page: the one a resolution can take main's state for.
        const mine = mergedOf.has(s.pageId) ? s : state.get(other)!;
        const with_ = mine === s ? other : s.pageId;
        problem(mine, `its slug "${s.slug}" is also used by page ${with_}`);
      }
      slugs.set(s.slug, s.pageId);
    }
  }
  return problems;
}
