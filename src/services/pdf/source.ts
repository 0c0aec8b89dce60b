import type { FileRow } from "../../db/schema";
import { and, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { documents, pageVersions } from "../../db/schema/index";
import { visibleAt, type ContentPointer } from "../../content/pointer";
import { filesQuery, pageWithAncestorsQuery } from "../../content/read";
import { compareSiblings, placePage } from "../../content/tree";
import { notFound, RefusedValue } from "../../lib/errors";
import type { PdfPageNode } from "../../pdf/document";
import type { PdfSelection } from "../../pdf/store";
import { pageSubtreeIdsSql } from "../content/reads";
import { chainShown, type Shows } from "../../lib/condition";
import { withoutHiddenBlocks } from "../../../core/document";
import { liveAt, liveIn, referencedSpecsQuery, type SpecSource } from "../content/openapi-specs";

/** The pages of a selection in tree order, their bodies, and the revision's files. */
export interface PdfContent {
  roots: PdfPageNode[];
  bodies: Map<string, string | null>;
  files: Map<string, FileRow>;
  /** The selected page's title, when a page was asked for. */
  pageTitle: string | null;
  /** The computed sources of computed pages, by page id, and the specs the pages use. */
  computed: Map<string, Record<string, unknown>>;
  specs: SpecSource[];
}

/**
 * Most document JSON one PDF reads, in characters: the bodies are in memory together while
 * the PDF is drawn, so this bounds the render's memory (docs/performance.md, PDF).
 */
const MAX_BODY_CHARS = 8 * 1024 * 1024;

const PV = "page_versions";

/** The tree fields of the selected page rows (no bodies: those come capped, below). */
function rowsQuery(db: Database, p: ContentPointer, ids: SQL | null) {
  const visible = visibleAt(p, PV, PV, "page_id");
  return db
    .select({
      pageId: pageVersions.pageId,
      parentId: pageVersions.parentId,
      position: pageVersions.position,
      title: pageVersions.title,
      description: pageVersions.description,
      kind: pageVersions.kind,
      deleted: pageVersions.deleted,
      documentHash: pageVersions.documentHash,
      computed: pageVersions.computed,
      condition: pageVersions.condition,
    })
    .from(pageVersions)
    .where(ids ? and(sql`${pageVersions.pageId} IN (${ids})`, visible) : visible);
}

/**
 * The selected pages' bodies, with a running total: a body past MAX_BODY_CHARS comes back
 * null (its length still says it exists), so an oversized selection is refused without
 * loading it.
 */
function bodiesQuery(db: Database, p: ContentPointer, ids: SQL | null) {
  const inSelection = ids ? sql`AND pv.page_id IN (${ids})` : sql``;
  const hashes = sql`SELECT pv.document_hash FROM page_versions pv
    WHERE pv.deleted = 0 AND pv.document_hash IS NOT NULL ${inSelection}
      AND ${visibleAt(p, "pv", PV, "page_id")}`;
  const running = sql`SUM(length(${documents.body})) OVER (ORDER BY ${documents.hash})`;
  return db
    .select({
      hash: documents.hash,
      size: sql<number>`length(${documents.body})`,
      body: sql<
        string | null
      >`CASE WHEN ${running} <= ${MAX_BODY_CHARS} THEN ${documents.body} END`.as("body"),
    })
    .from(documents)
    .where(sql`${documents.hash} IN (${hashes})`);
}

type Row = Awaited<ReturnType<typeof rowsQuery>>[number];

/**
 * Places rows as a tree in sibling order, from the root level or from the page `top`; a page
 * the visitor's claims do not show is left out with its subtree.
 */
function buildNodes(rows: Row[], top: string | null, shows: Shows | undefined): PdfPageNode[] {
  const childrenOf = new Map<string | null, Row[]>();
  for (const row of rows) {
    if (row.deleted || (shows && !shows(row.condition))) continue;
    const parent = row.pageId === top ? null : row.parentId;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const place = (parent: string | null, depth: number): PdfPageNode[] =>
    depth > 64
      ? []
      : (childrenOf.get(parent) ?? []).sort(compareSiblings).map((row) => ({
          pageId: row.pageId,
          title: row.title,
          description: row.description,
          kind: row.kind,
          children: place(row.pageId, depth + 1),
        }));
  return place(null, 0);
}

/** A stored body without the `if` blocks the visitor's claims do not show. */
function visibleBody(body: string, shows: Shows): string {
  try {
    return JSON.stringify(withoutHiddenBlocks(JSON.parse(body) as Record<string, unknown>, shows));
  } catch {
    return body;
  }
}

/**
 * Loads what a PDF of the selection needs in one round trip: the page rows (and, for a page,
 * its ancestor chain, to check it is reachable), the capped bodies, and the revision's files.
 */
export async function loadPdfContent(
  db: Database,
  p: ContentPointer,
  selection: PdfSelection,
  shows?: Shows,
): Promise<PdfContent> {
  const pageId = selection.pageId;
  const ids = pageId
    ? selection.only
      ? sql`SELECT ${pageId}`
      : pageSubtreeIdsSql(p, sql`${pageId}`)
    : null;
  // Without a page, the chain statement looks up an empty id and costs nothing.
  const org = sql`(SELECT organization_id FROM spaces WHERE id = ${p.spaceId})`;
  const [rows, bodyRows, fileRows, chain, specs] = await db.batch([
    rowsQuery(db, p, ids),
    bodiesQuery(db, p, ids),
    filesQuery(db, p),
    pageWithAncestorsQuery(db, p, pageId ?? ""),
    referencedSpecsQuery(db, org, ids ? liveIn(p, ids) : liveAt(p)),
  ]);
  let pageTitle: string | null = null;
  if (pageId) {
    const placed = placePage(pageId, chain);
    if (!placed || placed.row.kind === "link" || !chainShown(shows, placed)) throw notFound("Page");
    pageTitle = placed.row.title;
  }
  const byHash = new Map<string, string>();
  for (const row of bodyRows) {
    if (row.body === null && row.size > 0) {
      throw new RefusedValue(
        "page",
        `this content has more than ${MAX_BODY_CHARS / 1024 / 1024} MB of documents, too much for one PDF; render a page and its subpages with page`,
        "query",
      );
    }
    byHash.set(row.hash, row.body ?? "");
  }
  const bodies = new Map<string, string | null>();
  for (const row of rows) {
    if (!row.deleted) {
      const body = row.documentHash ? (byHash.get(row.documentHash) ?? null) : null;
      bodies.set(row.pageId, body && shows ? visibleBody(body, shows) : body);
    }
  }
  return {
    roots: buildNodes(rows, pageId ?? null, shows),
    bodies,
    files: new Map(fileRows.filter((f) => !f.deleted).map((f) => [f.fileId, f])),
    pageTitle,
    computed: new Map(
      rows.flatMap((r) => (!r.deleted && r.computed ? [[r.pageId, r.computed] as const] : [])),
    ),
    specs,
  };
}
