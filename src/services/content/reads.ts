import type { ChangeRequestRow, FileRow, PageRow, RevisionRow } from "../../db/schema";
import { and, asc, count, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  changeRequests,
  documents,
  fileVersions,
  pageVersions,
  revisions,
  users,
} from "../../db/schema/index";

import { visibleAt, type ContentPointer, type PointerSql } from "../../content/pointer";
import { fileQuery, filesQuery } from "../../content/read";
import { buildTree, compareSiblings, placePage, type TreeNode } from "../../content/tree";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import type { UserLike } from "../../api/users";
import { changeRequestUsersQuery } from "../change-requests/change-requests";
import { liveAt, liveIn, referencedSpecsQuery, type SpecSource } from "./openapi-specs";

const PV = "page_versions";
const FV = "file_versions";

/** A page row with its stored document body (null for a page without one). */
export type PageWithBody = PageRow & { body: string | null };

/** A file version as the reads return it (the presenters' input). */
export type ContentFile = FileRow;

/** Page bodies by page id, for the presenters. */
export type Bodies = ReadonlyMap<string, string | null>;

/** A placed page with its whole subtree, every body in it, and the specs they use. */
export interface PlacedSubtree {
  node: TreeNode;
  bodies: Bodies;
  specs: SpecSource[];
}

/** The pages (with bodies) selected by `where`: one join, so bodies cost no extra statement. */
function pagesWithBodies(db: Database, where: SQL | undefined, withBodies = true) {
  if (!withBodies) {
    return db
      .select({ ...getTableColumns(pageVersions), body: sql<string | null>`NULL` })
      .from(pageVersions)
      .where(where);
  }
  return db
    .select({ ...getTableColumns(pageVersions), body: documents.body })
    .from(pageVersions)
    .leftJoin(documents, eq(documents.hash, pageVersions.documentHash))
    .where(where);
}

/**
 * SQL selecting the ids of a page (`root`, an SQL value) and of every live page under it,
 * visible at the pointer (at most 64 levels down).
 */
export function pageSubtreeIdsSql(p: ContentPointer | PointerSql, root: SQL): SQL {
  return sql`WITH RECURSIVE sub(id, depth) AS (
      SELECT ${root}, 0
      UNION ALL
      SELECT pv.page_id, sub.depth + 1 FROM sub CROSS JOIN page_versions pv INDEXED BY page_versions_parent_idx
        ON pv.parent_id = sub.id
      WHERE pv.deleted = 0 AND ${visibleAt(p, "pv", PV, "page_id")} AND sub.depth < 64
    ) SELECT id FROM sub`;
}

/**
 * SQL walking a page path down the tree, one slug per level: the ids of every live page whose
 * path is a prefix of `segments`, with their depth (1 for the root level).
 */
function pathWalkSql(p: ContentPointer, segments: string[]): SQL {
  const slugs = JSON.stringify(segments);
  return sql`WITH RECURSIVE walk(id, depth) AS (
      SELECT pv.page_id, 1 FROM page_versions pv INDEXED BY page_versions_parent_idx
      WHERE pv.parent_id IS NULL AND pv.slug = ${segments[0] ?? ""} AND pv.deleted = 0
        AND ${visibleAt(p, "pv", PV, "page_id")}
      UNION ALL
      SELECT pv.page_id, walk.depth + 1 FROM walk
        CROSS JOIN page_versions pv INDEXED BY page_versions_parent_idx ON pv.parent_id = walk.id
      WHERE walk.depth < ${segments.length} AND pv.deleted = 0
        AND pv.slug = json_extract(${slugs}, '$[' || walk.depth || ']')
        AND ${visibleAt(p, "pv", PV, "page_id")}
    )`;
}

/** The statement reading a revision row by a match (an id, or a subquery giving one). */
export function revisionRowQuery(db: Database, spaceId: string, id: SQL | string) {
  return db
    .select()
    .from(revisions)
    .where(and(eq(revisions.spaceId, spaceId), sql`${revisions.id} = ${id}`))
    .limit(1);
}

/** Every live file of a revision (tombstones of a change request dropped). */
function liveFiles(rows: FileRow[]): FileRow[] {
  return rows.filter((r) => !r.deleted).sort((a, b) => (a.fileId < b.fileId ? -1 : 1));
}

/** Splits rows with bodies into page rows and a body map. */
export function splitBodies(rows: PageWithBody[]): {
  rows: PageRow[];
  bodies: Map<string, string | null>;
} {
  const bodies = new Map<string, string | null>();
  const pages = rows.map(({ body, ...row }) => {
    bodies.set(row.pageId, body);
    return row;
  });
  return { rows: pages, bodies };
}

/**
 * The whole page tree of a revision with every body (unless `withBodies` is false) and the
 * specs its pages use: one round trip.
 */
export async function readTree(
  db: Database,
  p: ContentPointer,
  organizationId: string,
  options: { withBodies?: boolean } = {},
) {
  const [rows, specs] = await db.batch([
    pagesWithBodies(db, visibleAt(p, PV, PV, "page_id"), options.withBodies),
    referencedSpecsQuery(db, organizationId, liveAt(p)),
  ]);
  const split = splitBodies(rows);
  return { roots: buildTree(split.rows).roots, bodies: split.bodies as Bodies, specs };
}

/** The user who made a revision (none for a revision without one, or whose user is gone). */
function revisionAuthorQuery(db: Database, revision: RevisionRow) {
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      email: users.email,
      photoURL: users.photoURL,
    })
    .from(users)
    .where(eq(users.id, revision.createdBy ?? ""))
    .limit(1);
}

/** What a merge revision was merged from: the change request and the users it names. */
interface MergedFrom {
  row: ChangeRequestRow;
  users: Map<string, UserLike>;
}

/**
 * Everything a Revision shows, in one round trip: the tree with bodies, the files, and for a
 * merge revision the change request it came from.
 */
export async function readRevision(
  db: Database,
  p: ContentPointer,
  revision: RevisionRow,
  organizationId: string,
  options: { withBodies?: boolean } = {},
) {
  const tree = pagesWithBodies(db, visibleAt(p, PV, PV, "page_id"), options.withBodies);
  const specs = referencedSpecsQuery(db, organizationId, liveAt(p));
  const match = and(
    eq(changeRequests.spaceId, p.spaceId),
    eq(changeRequests.revisionMerged, revision.id),
  )!;
  const crs = db.select().from(changeRequests).where(match).limit(1);
  const author = revisionAuthorQuery(db, revision);
  const [rows, files, specRows, authorRows, crRows, userRows] =
    revision.type === "merge"
      ? await db.batch([
          tree,
          filesQuery(db, p),
          specs,
          author,
          crs,
          changeRequestUsersQuery(db, match),
        ])
      : [...(await db.batch([tree, filesQuery(db, p), specs, author])), [], []];
  const split = splitBodies(rows);
  const cr = crRows[0];
  const mergedFrom: MergedFrom | null = cr
    ? { row: cr, users: new Map(userRows.map((u) => [u.id, u])) }
    : null;
  return {
    roots: buildTree(split.rows).roots,
    bodies: split.bodies as Bodies,
    files: liveFiles(files),
    mergedFrom,
    author: authorRows[0] ?? null,
    specs: specRows,
  };
}

/** One page of a revision's files (keyset on the file id) and their exact count. */
export async function readFilesPage(
  db: Database,
  p: ContentPointer,
  limit: number,
  after?: CursorKey,
) {
  const live = and(visibleAt(p, FV, FV, "file_id"), eq(fileVersions.deleted, false));
  const [rows, total] = await db.batch([
    db
      .select()
      .from(fileVersions)
      .where(after ? and(live, keysetAfter([fileVersions.fileId], after)) : live)
      .orderBy(asc(fileVersions.fileId))
      .limit(limit + 1),
    db.select({ n: count() }).from(fileVersions).where(live),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

/** One live file of a revision, or null. */
export async function readFile(db: Database, p: ContentPointer, fileId: string) {
  const [rows] = await db.batch([fileQuery(db, p, fileId)]);
  return rows.find((r) => !r.deleted) ?? null;
}

/** Places the subtree rows under an already placed root, in sibling order. */
export function placeSubtree(root: TreeNode, rows: PageRow[]): TreeNode {
  const childrenOf = new Map<string, PageRow[]>();
  for (const row of rows) {
    if (row.deleted || row.parentId === null) continue;
    childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  }
  const place = (node: TreeNode, depth: number): TreeNode => {
    const kids = depth > 64 ? [] : (childrenOf.get(node.row.pageId) ?? []).sort(compareSiblings);
    node.children = kids.map((row) =>
      place(
        {
          row,
          path: `${node.path}/${row.slug}`,
          children: [],
          ancestors: [...node.ancestors, node.row],
        },
        depth + 1,
      ),
    );
    return node;
  };
  return place(root, 0);
}

/**
 * A page of a revision by its path (slugs joined by "/") with its subtree and bodies, in one
 * round trip; null when no live page has that path.
 */
export async function readPageByPath(
  db: Database,
  p: ContentPointer,
  segments: string[],
  organizationId: string,
): Promise<PlacedSubtree | null> {
  if (segments.length === 0 || segments.length > 64) return null;
  const walk = pathWalkSql(p, segments);
  const last = sql`(${walk} SELECT id FROM walk WHERE depth = ${segments.length} ORDER BY id LIMIT 1)`;
  const [chainRows, subtree, specs] = await db.batch([
    db
      .select()
      .from(pageVersions)
      .where(
        and(
          sql`${pageVersions.pageId} IN (${walk} SELECT id FROM walk)`,
          visibleAt(p, PV, PV, "page_id"),
        ),
      ),
    pagesWithBodies(
      db,
      and(
        sql`${pageVersions.pageId} IN (${pageSubtreeIdsSql(p, last)})`,
        visibleAt(p, PV, PV, "page_id"),
      ),
    ),
    referencedSpecsQuery(db, organizationId, liveIn(p, pageSubtreeIdsSql(p, last))),
  ]);
  const split = splitBodies(subtree);
  const inSubtree = new Set(split.rows.map((r) => r.pageId));
  const wanted = segments.join("/");
  const root = chainRows
    .filter((r) => inSubtree.has(r.pageId))
    .map((r) => placePage(r.pageId, chainRows))
    .find((node) => node !== null && node.path === wanted);
  if (!root) return null;
  return { node: placeSubtree(root, split.rows), bodies: split.bodies, specs };
}
