import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { documents, openapiSpecs, openapiSpecVersions, pageVersions } from "../../db/schema/index";
import { plan, runPlan } from "../../db/plan";
import { bindAll, preparedSelect, preparedShapes, type Params } from "../../db/prepared";
import { isMain, visibleAt, type ContentPointer, type PointerSql } from "../../content/pointer";
import { pageChainSql } from "../../content/read";
import { placePage } from "../../content/tree";
import { pageSubtreeIdsSql, placeSubtree, splitBodies, type PlacedSubtree } from "./reads";
import { liveIn, REFERENCED_SPEC_FIELDS, referencedSpecsSql } from "./openapi-specs";

/**
 * A page by id with its subtree, bodies and the specs they use: the most read content
 * statement, written once per isolate (`src/db/prepared.ts`) in three shapes by where its
 * pointer comes from. At the head of main the pointer is read from the space's row inside the
 * statements themselves, so the read joins the access check's round trip.
 */

/** The values a page read is bound with. */
type Names = "space" | "rev" | "line" | "mainLine" | "seq" | "baseSeq" | "page" | "org";

/**
 * Where the pointer comes from: the space's main head, a revision of its main line (both read
 * in SQL from the space's row), or given (on main or on a change).
 */
type PointerFrom = "main-head" | "main-revision" | "main" | "change";

/** The pointer of a shape, as SQL over its placeholders. */
function pointerSql(from: PointerFrom, p: Params<Names>): PointerSql {
  if (from === "main-head") {
    const line = sql`(SELECT main_line_id FROM spaces WHERE id = ${p("space")})`;
    const seq = sql`(SELECT main_seq FROM spaces WHERE id = ${p("space")})`;
    return { main: true, lineId: line, mainLineId: line, seq, baseSeq: seq };
  }
  if (from === "main-revision") {
    const line = sql`(SELECT main_line_id FROM spaces WHERE id = ${p("space")})`;
    const seq = sql`(SELECT seq FROM revisions WHERE id = ${p("rev")} AND line_id = ${line})`;
    return { main: true, lineId: line, mainLineId: line, seq, baseSeq: seq };
  }
  return {
    main: from === "main",
    lineId: sql`${p("line")}`,
    mainLineId: sql`${p("mainLine")}`,
    seq: sql`${p("seq")}`,
    baseSeq: sql`${p("baseSeq")}`,
  };
}

/** The organization whose specs the pages may use. */
function orgSql(from: PointerFrom, p: Params<Names>): SQL {
  return from === "main-head" || from === "main-revision"
    ? sql`(SELECT organization_id FROM spaces WHERE id = ${p("space")})`
    : sql`${p("org")}`;
}

/** The three statements of a shape: the page's chain, its subtree with bodies, their specs. */
function pageStatements(from: PointerFrom) {
  const page = (p: Params<Names>) => sql`${p("page")}`;
  const subtreeOf = (p: Params<Names>) => {
    const at = pointerSql(from, p);
    return { at, ids: pageSubtreeIdsSql(at, page(p)) };
  };
  return {
    pageChain: preparedSelect(
      () => getTableColumns(pageVersions),
      (select, p: Params<Names>) =>
        select.from(pageVersions).where(pageChainSql(pointerSql(from, p), page(p))),
    ),
    pageSubtree: preparedSelect(
      () => ({ ...getTableColumns(pageVersions), body: documents.body }),
      (select, p: Params<Names>) => {
        const { at, ids } = subtreeOf(p);
        return select
          .from(pageVersions)
          .leftJoin(documents, eq(documents.hash, pageVersions.documentHash))
          .where(
            and(
              sql`${pageVersions.pageId} IN (${ids})`,
              visibleAt(at, "page_versions", "page_versions", "page_id"),
            ),
          );
      },
    ),
    pageSpecs: preparedSelect(
      () => REFERENCED_SPEC_FIELDS,
      (select, p: Params<Names>) => {
        const { at, ids } = subtreeOf(p);
        return select
          .from(openapiSpecs)
          .innerJoin(
            openapiSpecVersions,
            sql`${openapiSpecVersions.id} = ${openapiSpecs.lastVersionId}`,
          )
          .where(referencedSpecsSql(orgSql(from, p), liveIn(at, ids)));
      },
    ),
  };
}

/** Every shape's statements, made on first use (their text is written on first bind). */
const SHAPES = preparedShapes(pageStatements);

/**
 * The three statements of a page's document read in a shape: its chain (the page read's own),
 * its stored body, the specs the page uses.
 */
function documentStatements(from: PointerFrom) {
  return {
    docChain: SHAPES(from).pageChain,
    docBody: preparedSelect(
      () => getTableColumns(documents),
      (select, p: Params<Names>) => {
        const at = pointerSql(from, p);
        const hash = sql`(SELECT pv.document_hash FROM page_versions pv
          WHERE pv.page_id = ${p("page")} AND ${visibleAt(at, "pv", "page_versions", "page_id")}
          LIMIT 1)`;
        return select.from(documents).where(sql`${documents.hash} = ${hash}`);
      },
    ),
    docSpecs: preparedSelect(
      () => REFERENCED_SPEC_FIELDS,
      (select, p: Params<Names>) =>
        select
          .from(openapiSpecs)
          .innerJoin(
            openapiSpecVersions,
            sql`${openapiSpecVersions.id} = ${openapiSpecs.lastVersionId}`,
          )
          .where(
            referencedSpecsSql(orgSql(from, p), liveIn(pointerSql(from, p), sql`${p("page")}`)),
          ),
    ),
  };
}

/** Every shape's document statements, made on first use. */
const DOCUMENT_SHAPES = preparedShapes(documentStatements);

/** Where a page is read: the head of a space's main content, or a known pointer. */
export type PageAt =
  | { kind: "main-head"; spaceId: string }
  | { kind: "main-revision"; spaceId: string; revisionId: string }
  | { kind: "pointer"; pointer: ContentPointer; organizationId: string };

/** The shape of a read at `at`. */
function pointerFrom(at: PageAt): PointerFrom {
  if (at.kind !== "pointer") return at.kind;
  return isMain(at.pointer) ? "main" : "change";
}

/** The values of a read at `at`. */
function valuesOf(at: PageAt, pageId: string): Record<Names, unknown> {
  const none = { rev: null, line: null, mainLine: null, seq: null, baseSeq: null, org: null };
  if (at.kind === "main-head") return { ...none, space: at.spaceId, page: pageId };
  if (at.kind === "main-revision") {
    return { ...none, space: at.spaceId, rev: at.revisionId, page: pageId };
  }
  const p = at.pointer;
  return {
    space: p.spaceId,
    rev: null,
    line: p.lineId,
    mainLine: p.mainLineId,
    seq: p.seq,
    baseSeq: p.baseSeq,
    page: pageId,
    org: at.organizationId,
  };
}

/**
 * A page of a revision by id with its subtree and bodies, as a plan of one round trip (its
 * ancestor chain, its subtree joined with the bodies, the specs they use); the plan's result is
 * null when the page is not reachable.
 */
export function pageByIdPlan(db: Database, at: PageAt, pageId: string) {
  return plan(
    bindAll(db, SHAPES(pointerFrom(at)), valuesOf(at, pageId)),
    (results): PlacedSubtree | null => {
      const root = placePage(pageId, results.pageChain);
      if (!root) return null;
      const split = splitBodies(results.pageSubtree);
      return {
        node: placeSubtree(root, split.rows),
        bodies: split.bodies,
        specs: results.pageSpecs,
      };
    },
  );
}

/** `pageByIdPlan` at a known pointer, run on its own. */
export function readPageById(
  db: Database,
  pointer: ContentPointer,
  pageId: string,
  organizationId: string,
): Promise<PlacedSubtree | null> {
  return runPlan(db, pageByIdPlan(db, { kind: "pointer", pointer, organizationId }, pageId));
}

/**
 * A reachable page's body (null: none), row and specs, as a plan of one round trip; its result
 * is undefined when the page is not reachable.
 */
export function pageDocumentPlan(db: Database, at: PageAt, pageId: string) {
  const statements = bindAll(db, DOCUMENT_SHAPES(pointerFrom(at)), valuesOf(at, pageId));
  return plan(statements, (r) => {
    const node = placePage(pageId, r.docChain);
    if (!node) return undefined;
    return { node, body: r.docBody[0]?.body ?? null, specs: r.docSpecs };
  });
}

/** `pageDocumentPlan` at a known pointer, run on its own. */
export function readPageDocument(
  db: Database,
  pointer: ContentPointer,
  pageId: string,
  organizationId: string,
) {
  return runPlan(db, pageDocumentPlan(db, { kind: "pointer", pointer, organizationId }, pageId));
}
