import { sql, type SQL } from "drizzle-orm";
import { visibleAt, type ContentPointer } from "../../content/pointer";

/** Where links are read: a revision pointer, its organization, and the app's base URL. */
export interface LinkScope {
  pointer: ContentPointer;
  organizationId: string;
  /** `PUBLIC_APP_URL` without a trailing slash: URLs under it are `in-app`. */
  appUrl: string;
}

const PV = "page_versions";
const FV = "file_versions";

/** A column of the row alias `a` (a `document_links` row or a subquery with its columns). */
const col = (a: string, name: string) => sql.raw(`${a}.${name}`);

/** SQL: a page or file of another space of the organization exists at that space's main head. */
function inOtherSpace(a: string, orgId: string, table: string, key: string): SQL {
  return sql`EXISTS (SELECT 1 FROM spaces ts CROSS JOIN ${sql.raw(table)} tx
      ON tx.line_id = ts.main_line_id AND tx.${sql.raw(key)} = ${col(a, key)}
    WHERE ts.id = ${col(a, "space_id")} AND ts.organization_id = ${orgId} AND ts.deleted_at IS NULL
      AND tx.from_seq <= ts.main_seq AND (tx.to_seq IS NULL OR tx.to_seq > ts.main_seq)
      AND tx.deleted = 0)`;
}

/**
 * SQL, 1 or 0: the target of link alias `a` exists at pointer `p`. Pages and files of the same
 * space are looked up at the pointer (a change request sees its own deletions); references to
 * another space of the organization at that space's main head; an anchor without a page points
 * into the page that holds it, and URLs have no target to check.
 */
function targetExists(p: ContentPointer, orgId: string, a: string): SQL {
  const sameSpace = sql`(${col(a, "space_id")} IS NULL OR ${col(a, "space_id")} = ${p.spaceId})`;
  const page = sql`EXISTS (SELECT 1 FROM page_versions tp WHERE tp.page_id = ${col(a, "page_id")}
    AND ${visibleAt(p, "tp", PV, "page_id")} AND tp.deleted = 0)`;
  const file = sql`EXISTS (SELECT 1 FROM file_versions tf WHERE tf.file_id = ${col(a, "file_id")}
    AND ${visibleAt(p, "tf", FV, "file_id")} AND tf.deleted = 0)`;
  return sql`(CASE
    WHEN ${col(a, "kind")} = 'url' THEN 1
    WHEN ${col(a, "kind")} = 'anchor' AND ${col(a, "page_id")} IS NULL THEN 1
    WHEN ${col(a, "kind")} = 'file'
      THEN (CASE WHEN ${sameSpace} THEN ${file} ELSE ${inOtherSpace(a, orgId, FV, "file_id")} END)
    ELSE (CASE WHEN ${sameSpace} THEN ${page} ELSE ${inOtherSpace(a, orgId, PV, "page_id")} END)
  END)`;
}

/** SQL: the status of link alias `a` at the scope's pointer. */
function statusSql(s: LinkScope, a: string): SQL {
  const prefix = `${s.appUrl}/`;
  const inApp = sql`(${col(a, "url")} = ${s.appUrl} OR substr(${col(a, "url")}, 1, ${prefix.length}) = ${prefix})`;
  return sql`(CASE
    WHEN ${col(a, "kind")} = 'url' THEN (CASE WHEN ${inApp} THEN 'in-app' ELSE 'ok' END)
    WHEN ${targetExists(s.pointer, s.organizationId, a)} THEN 'ok'
    ELSE 'broken'
  END)`;
}

/**
 * SQL selecting every link of the pages visible at the pointer (or of one page), with its
 * status: the visible page versions joined to the links of their document bodies. Columns:
 * source (page id), ordinal, kind, space_id, page_id, file_id, anchor, url, status.
 */
export function linksAtSql(s: LinkScope, pageId?: string): SQL {
  const onePage = pageId === undefined ? sql`` : sql`AND pv.page_id = ${pageId}`;
  return sql`SELECT pv.page_id AS source, dl.ordinal AS ordinal, dl.kind AS kind,
      dl.space_id AS space_id, dl.page_id AS page_id, dl.file_id AS file_id, dl.anchor AS anchor,
      dl.url AS url, ${statusSql(s, "dl")} AS status
    FROM page_versions pv CROSS JOIN document_links dl ON dl.document_hash = pv.document_hash
    WHERE ${visibleAt(s.pointer, "pv", PV, "page_id")} AND pv.deleted = 0
      AND pv.document_hash IS NOT NULL ${onePage}`;
}

/**
 * SQL, 1 or 0, for a broken link row `q` of a change request: the change request introduced it,
 * i.e. it was not already broken in the main revision the change request is based on (its target
 * existed there, or its page did not hold that link there).
 */
export function introducedSql(s: LinkScope): SQL {
  const p = s.pointer;
  const base: ContentPointer = { ...p, lineId: p.mainLineId, seq: p.baseSeq };
  const same = (c: string) => sql.raw(`bl.${c} IS q.${c}`);
  const heldAtBase = sql`EXISTS (SELECT 1 FROM page_versions bp
      CROSS JOIN document_links bl ON bl.document_hash = bp.document_hash
    WHERE bp.page_id = q.source AND ${visibleAt(base, "bp", PV, "page_id")} AND bp.deleted = 0
      AND ${same("kind")} AND ${same("space_id")} AND ${same("page_id")} AND ${same("file_id")}
      AND ${same("anchor")} AND ${same("url")})`;
  return sql`(CASE
    WHEN q.status <> 'broken' THEN 0
    WHEN ${targetExists(base, s.organizationId, "q")} THEN 1
    WHEN ${heldAtBase} THEN 0
    ELSE 1
  END)`;
}

/**
 * SQL FROM/WHERE of the pages visible at the pointer whose documents link to a page (a page or
 * an anchor in it) or to a file of the same space: the link rows are found through their target
 * index, then kept when a visible page version carries their body.
 */
export function backlinksFromSql(p: ContentPointer, target: { kind: "page" | "file"; id: string }) {
  const match =
    target.kind === "file"
      ? sql`dl.file_id = ${target.id} AND dl.kind = 'file'`
      : sql`dl.page_id = ${target.id} AND dl.kind IN ('page', 'anchor')`;
  return sql`FROM document_links dl CROSS JOIN page_versions pv ON pv.document_hash = dl.document_hash
    WHERE ${match} AND (dl.space_id IS NULL OR dl.space_id = ${p.spaceId})
      AND ${visibleAt(p, "pv", PV, "page_id")} AND pv.deleted = 0`;
}
