import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { changeRequests, comments, spaces } from "../../db/schema/index";
import { preparedSelect, preparedShapes, sqlParam, type Params } from "../../db/prepared";
import { cursorPair } from "../../http/pagination";
import { placeSql, type PlacePath } from "../../auth/comment";
import { changeRequestIdSql, changeRequestNumber } from "../../auth/change-request";

/**
 * The comment list's statements, written once per isolate (`src/db/prepared.ts`): the page and
 * its count in one shape per filter combination (made on first use). What the page's comments
 * are presented with is read by `extra-statements.ts`.
 */

/** The values the list statements are bound with. */
type Names = "space" | "cr" | "crNumber" | "page" | "authors" | "k0" | "k1" | "limit";

/** The list's `status` filter. */
type CommentStatus = "all" | "open" | "resolved";

/** Comment list filters, with the official parameter names' meanings. */
export interface CommentFilters {
  status: CommentStatus;
  targetPage?: string;
  authors?: string[];
}

/** A list page position and direction. */
export interface ListOptions {
  order: "asc" | "desc";
  limit: number;
  /** The keyset position: the last comment's postedAt and id. */
  after?: readonly [string, string];
}

/** What makes a list statement's text differ. */
interface Shape {
  cr: boolean;
  status: CommentStatus;
  page: boolean;
  authors: boolean;
}

/** The id of the path's change request, by id or by number (`crNumber` null: not a number). */
function crIdSql(p: Params<Names>): SQL {
  const [space, cr, crNumber] = [sqlParam(p, "space"), sqlParam(p, "cr"), sqlParam(p, "crNumber")];
  return changeRequestIdSql(space, cr, crNumber);
}

/** The comments of the place, with the shape's filters (what the count counts). */
function baseSql(shape: Shape, p: Params<Names>) {
  const status =
    shape.status === "open"
      ? isNull(comments.resolvedAt)
      : shape.status === "resolved"
        ? isNotNull(comments.resolvedAt)
        : undefined;
  return and(
    placeSql(sqlParam(p, "space"), shape.cr ? crIdSql(p) : null),
    status,
    shape.page ? eq(comments.targetPage, sqlParam(p, "page")) : undefined,
    shape.authors
      ? sql`${comments.postedBy} IN (SELECT value FROM json_each(${p("authors")}))`
      : undefined,
  );
}

/** A page of the shape in an order, after a cursor or from the start (one row past the page). */
function pageSelect(shape: Shape, order: "asc" | "desc", cursor: boolean) {
  const dir = order === "asc" ? asc : desc;
  return preparedSelect(
    () => ({ comment: comments }),
    (select, p: Params<Names>) => {
      const keys = sql`(${comments.postedAt}, ${comments.id})`;
      const values = sql`(${p("k0")}, ${p("k1")})`;
      const after = cursor
        ? order === "asc"
          ? sql`${keys} > ${values}`
          : sql`${keys} < ${values}`
        : undefined;
      return select
        .from(comments)
        .where(and(baseSql(shape, p), after))
        .orderBy(dir(comments.postedAt), dir(comments.id))
        .limit(p("limit"));
    },
  );
}

/**
 * The shape's count: from the place's counters (`comments_count`, kept by triggers, and
 * `comments_open`) when no filter but `status` applies, else counted.
 */
function countSelect(shape: Shape) {
  if (shape.page || shape.authors) {
    return preparedSelect(
      () => ({ n: count() }),
      (select, p: Params<Names>) => select.from(comments).where(baseSql(shape, p)),
    );
  }
  const table = shape.cr ? changeRequests : spaces;
  const n =
    shape.status === "open"
      ? sql<number>`${table.commentsOpen}`
      : shape.status === "resolved"
        ? sql<number>`${table.commentsCount} - ${table.commentsOpen}`
        : sql<number>`${table.commentsCount}`;
  return preparedSelect(
    () => ({ n }),
    (select, p: Params<Names>) =>
      shape.cr
        ? select.from(changeRequests).where(sql`${changeRequests.id} = (${crIdSql(p)})`)
        : select.from(spaces).where(eq(spaces.id, sqlParam(p, "space"))),
  );
}

/** The statements of one shape. */
function shapeStatements(shape: Shape) {
  return {
    asc: pageSelect(shape, "asc", false),
    ascAfter: pageSelect(shape, "asc", true),
    desc: pageSelect(shape, "desc", false),
    descAfter: pageSelect(shape, "desc", true),
    count: countSelect(shape),
  };
}

/** Each shape's statements, made on first use (their text is written on first bind). */
const SHAPES = preparedShapes(
  shapeStatements,
  (shape) => `${shape.cr}:${shape.status}:${shape.page}:${shape.authors}`,
);

/**
 * The page (one row past `limit`) and count statements of a place's comment list, bound for one
 * request; a change request in the path is matched by id or number inside the statements.
 */
export function commentListStatements(
  db: Database,
  path: PlacePath,
  f: CommentFilters,
  o: ListOptions,
) {
  const shape: Shape = {
    cr: path.changeRequestId !== undefined,
    status: f.status,
    page: f.targetPage !== undefined,
    authors: Boolean(f.authors?.length),
  };
  const statements = SHAPES(shape);
  const cr = path.changeRequestId ?? null;
  const values = {
    space: path.spaceId,
    cr,
    crNumber: cr !== null ? changeRequestNumber(cr) : null,
    page: f.targetPage ?? null,
    authors: shape.authors ? JSON.stringify(f.authors) : null,
    ...cursorPair(o.after),
    limit: o.limit + 1,
  };
  const page = o.after ? statements[`${o.order}After`] : statements[o.order];
  return { page: page.bind(db, values), total: statements.count.bind(db, values) };
}
