import type { PageRow } from "../db/schema";

/** A page row placed in its tree: children sorted, path derived from the ancestors' slugs. */
export interface TreeNode {
  row: PageRow;
  path: string;
  children: TreeNode[];
  ancestors: PageRow[];
}

/** Sibling order: the fractional position key, then the id to break ties deterministically. */
export function compareSiblings(
  a: { position: string; pageId: string },
  b: { position: string; pageId: string },
): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.pageId < b.pageId ? -1 : a.pageId > b.pageId ? 1 : 0;
}

/**
 * Builds the page tree of a revision from its visible rows (tombstones dropped). Pages whose
 * parent is not visible are not reachable and are left out, as the app would.
 */
export function buildTree(rows: PageRow[]): { roots: TreeNode[]; byId: Map<string, TreeNode> } {
  const live = rows.filter((r) => !r.deleted);
  const childrenOf = new Map<string | null, PageRow[]>();
  for (const row of live) {
    const list = childrenOf.get(row.parentId) ?? [];
    list.push(row);
    childrenOf.set(row.parentId, list);
  }
  const byId = new Map<string, TreeNode>();
  const place = (parent: TreeNode | null, depth: number): TreeNode[] => {
    if (depth > 64) return [];
    const kids = (childrenOf.get(parent ? parent.row.pageId : null) ?? []).sort(compareSiblings);
    return kids.map((row) => {
      const node: TreeNode = {
        row,
        path: parent ? `${parent.path}/${row.slug}` : row.slug,
        children: [],
        ancestors: parent ? [...parent.ancestors, parent.row] : [],
      };
      byId.set(row.pageId, node);
      node.children = place(node, depth + 1);
      return node;
    });
  };
  return { roots: place(null, 0), byId };
}

/**
 * Places one page given the rows of its ancestor chain (as read by pageWithAncestorsQuery);
 * null when the chain is broken (an ancestor is deleted or missing).
 */
export function placePage(pageId: string, chainRows: PageRow[]): TreeNode | null {
  const byId = new Map(chainRows.filter((r) => !r.deleted).map((r) => [r.pageId, r]));
  const row = byId.get(pageId);
  if (!row) return null;
  const ancestors: PageRow[] = [];
  let parentId = row.parentId;
  while (parentId !== null) {
    const parent = byId.get(parentId);
    if (!parent || ancestors.length > 64) return null;
    ancestors.unshift(parent);
    parentId = parent.parentId;
  }
  const path = [...ancestors.map((a) => a.slug), row.slug].join("/");
  return { row, path, children: [], ancestors };
}

/** A title as lowercase ASCII words joined by hyphens, uncapped (each slug caps it its own way). */
export function hyphenate(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A URL-safe slug from a title: lowercase words joined by hyphens. */
export function slugify(title: string): string {
  return hyphenate(title).slice(0, 100) || "page";
}
