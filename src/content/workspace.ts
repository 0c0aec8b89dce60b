import type { PageRow } from "../db/schema";
import type { Database } from "../db/client";
import type { ContentPointer } from "./pointer";
import {
  childrenQuery,
  neighbourhoodQueries,
  pageWithAncestorsQuery,
  pagesByIdQuery,
  subtreeQuery,
} from "./read";
import { stateOf, type PageState } from "./state";
import { compareSiblings } from "./tree";

/**
 * The pages a content batch works on, loaded on demand from one revision and changed in memory.
 * Reads are grouped into one `db.batch` per call to `load`, so a batch of changes costs a fixed
 * number of round trips; only touched pages, their siblings and deleted subtrees are read.
 */
export class Workspace {
  private readonly known = new Map<string, PageState | null>();
  private readonly loadedChildren = new Map<string | null, Set<string>>();
  private readonly loadedSubtrees = new Set<string>();
  private readonly loadedChains = new Set<string>();
  /** Final states to write, by page id. */
  readonly touched = new Map<string, PageState>();

  constructor(
    private readonly db: Database,
    readonly pointer: ContentPointer,
  ) {}

  /** Reads whatever of these pages, children lists and subtrees is not known yet, in one batch. */
  async load(need: {
    pages?: string[];
    children?: (string | null)[];
    subtrees?: string[];
    ancestors?: string[];
    /** Pages whose parent and sibling list to read too, in the same round trip. */
    neighbourhood?: string[];
  }) {
    const pages = [...new Set(need.pages ?? [])].filter((id) => !this.known.has(id));
    const parents = [...new Set(need.children ?? [])].filter((id) => !this.loadedChildren.has(id));
    const subtrees = [...new Set(need.subtrees ?? [])].filter((id) => !this.loadedSubtrees.has(id));
    const queries = [];
    if (pages.length) queries.push(pagesByIdQuery(this.db, this.pointer, pages));
    if (parents.length) queries.push(childrenQuery(this.db, this.pointer, parents));
    if (subtrees.length) queries.push(subtreeQuery(this.db, this.pointer, subtrees));
    const chains = [...new Set(need.ancestors ?? [])].filter((id) => !this.loadedChains.has(id));
    for (const id of chains) queries.push(pageWithAncestorsQuery(this.db, this.pointer, id));
    const around = [...new Set(need.neighbourhood ?? [])];
    if (around.length) queries.push(...neighbourhoodQueries(this.db, this.pointer, around));
    if (queries.length === 0) return;
    const [first, ...rest] = queries;
    const results = (await this.db.batch([first!, ...rest])) as PageRow[][];
    let i = 0;
    if (pages.length) {
      const rows = results[i++]!;
      for (const id of pages) if (!this.known.has(id)) this.known.set(id, null);
      this.remember(rows);
    }
    if (parents.length) {
      const rows = results[i++]!;
      this.remember(rows);
      for (const parent of parents) {
        const ids = rows.filter((r) => r.parentId === parent && !r.deleted).map((r) => r.pageId);
        this.loadedChildren.set(parent, new Set(ids));
      }
    }
    if (subtrees.length) {
      this.remember(results[i++]!);
      subtrees.forEach((id) => this.loadedSubtrees.add(id));
    }
    for (const id of chains) {
      this.remember(results[i++]!);
      this.loadedChains.add(id);
    }
    if (around.length) {
      const [parentRows, childRows, rootRows] = [results[i]!, results[i + 1]!, results[i + 2]!];
      this.remember(parentRows);
      this.remember(childRows);
      this.remember(rootRows);
      const lists = new Map<string | null, Set<string>>();
      for (const row of parentRows) lists.set(row.pageId, new Set());
      if (rootRows.length) lists.set(null, new Set());
      for (const row of [...childRows, ...rootRows])
        if (!row.deleted) lists.get(row.parentId)?.add(row.pageId);
      for (const [parent, ids] of lists)
        if (!this.loadedChildren.has(parent)) this.loadedChildren.set(parent, ids);
    }
  }

  private remember(rows: PageRow[]) {
    for (const row of rows) {
      if (this.touched.has(row.pageId)) continue;
      this.known.set(row.pageId, row.deleted ? null : stateOf(row));
    }
  }

  /** The current state of a page (after this batch's changes), or null when it does not exist. */
  get(pageId: string): PageState | null {
    return this.touched.get(pageId) ?? this.known.get(pageId) ?? null;
  }

  /** Records a page's new state. */
  put(state: PageState) {
    // A page this batch creates has no stored children: nothing to read for it later.
    if (!this.known.has(state.pageId) && !this.loadedChildren.has(state.pageId))
      this.loadedChildren.set(state.pageId, new Set());
    this.touched.set(state.pageId, state);
    this.known.set(state.pageId, state.deleted ? null : state);
  }

  /** The live children of a parent, sorted; the list must have been loaded. */
  children(parentId: string | null): PageState[] {
    const ids = new Set(this.loadedChildren.get(parentId) ?? []);
    for (const state of this.touched.values())
      if (state.parentId === parentId) ids.add(state.pageId);
    const out: PageState[] = [];
    for (const id of ids) {
      const state = this.get(id);
      if (state && !state.deleted && state.parentId === parentId) out.push(state);
    }
    return out.sort(compareSiblings);
  }

  /** True once the children of `parentId` have been read. */
  hasChildren(parentId: string | null): boolean {
    return this.loadedChildren.has(parentId);
  }

  /** Every live page under `rootId` (the root included), from loaded subtrees and this batch. */
  subtree(rootId: string): PageState[] {
    const all = new Map<string, PageState>();
    for (const [id] of this.known) {
      const s = this.get(id);
      if (s) all.set(id, s);
    }
    const out: PageState[] = [];
    const walk = (id: string, depth: number) => {
      const s = all.get(id);
      if (!s || depth > 64) return;
      out.push(s);
      for (const child of all.values()) if (child.parentId === id) walk(child.pageId, depth + 1);
    };
    walk(rootId, 0);
    return out;
  }

  /** True when `candidate` is `pageId` or lies under it (walking loaded parents). */
  isSelfOrDescendant(candidate: string, pageId: string): boolean {
    let cursor: string | null = candidate;
    for (let depth = 0; cursor !== null && depth < 128; depth++) {
      if (cursor === pageId) return true;
      cursor = this.get(cursor)?.parentId ?? null;
    }
    return false;
  }
}
