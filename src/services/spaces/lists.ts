import type { CollectionRow, SpaceGitSync, SpaceRow } from "../../db/schema";
import { and, asc, count, eq, getTableColumns, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { organizations, spaces } from "../../db/schema/index";
import { roleFromTree } from "../../auth/content-role";
import {
  FROM_VISIBLE_TREE,
  hasRoleOfKindSql,
  hasRoleSql,
  kindSql,
  memberHiddenCountSql,
  spaceRoleSql,
  visibleTreeSql,
} from "../../auth/access-sql";
import { bestRank, chainLevel, kindOf, type CallerKind } from "../../auth/role-rule";
import { type Membership } from "../../auth/organization";
import { bindAll, preparedSelect, preparedShapes, sqlParam, type Params } from "../../db/prepared";
import { userOfDigestSql } from "../../auth/caller";
import { plan } from "../../db/plan";
import type { DefaultLevel, MemberRole } from "../../lib/roles";
import { cursorPair } from "../../http/pagination";
import { liveSiblingsSql } from "./spaces";
import {
  placementFrom,
  publishedPlacementSql,
  type PublishedPlacement,
} from "../sites/published-placement";
import { GIT_SYNC_COLUMN, spaceGitSyncOf } from "../git-sync/space-column";

/**
 * The space columns a list reads: all but the ones no listed space shows (its main line, main
 * sequence, creator and internal counters). A list of 50 reads 20 columns per row, not 25:
 * less for D1 to send and for us to parse.
 */
const {
  mainLineId: _mainLineId,
  mainSeq: _mainSeq,
  createdBy: _createdBy,
  commentsCount: _commentsCount,
  nextChangeRequestNumber: _nextNumber,
  ...LISTED_COLUMNS
} = getTableColumns(spaces);

/** A listed space's row: the columns `LISTED_COLUMNS` reads. */
type ListedSpaceRow = Omit<
  SpaceRow,
  "mainLineId" | "mainSeq" | "createdBy" | "commentsCount" | "nextChangeRequestNumber"
>;

/** A listed space with the caller's effective role on it, where it is published, and its Git Sync. */
export interface ListedSpace {
  row: ListedSpaceRow;
  role: MemberRole;
  placement?: PublishedPlacement;
  gitSync?: SpaceGitSync;
}

/** The placement and Git Sync columns of a listed row (JSON texts). */
interface Columns {
  placement: string | null;
  gitSync: string | null;
}

/** A listed space, with its placement and Git Sync read as columns of the page's own statement. */
function listed(row: ListedSpaceRow, role: MemberRole, columns: Columns): ListedSpace {
  const placement = placementFrom(columns.placement);
  const gitSync = spaceGitSyncOf(columns.gitSync);
  return { row, role, ...(placement ? { placement } : {}), ...(gitSync ? { gitSync } : {}) };
}

/** What a space listed in a collection inherits from it: its chain and the caller's grants. */
export interface CollectionSource {
  collection: CollectionRow;
  chain: CollectionRow[];
  grants: MemberRole[];
}

/**
 * Who lists: a kind of caller (`kindOf`: an org admin sees every space; members and guests what
 * their roles show them), or `in-sql`, decided in SQL from the caller's membership (org lists,
 * which run before the access check has been read, in its round trip).
 */
type Who = CallerKind | "in-sql";

/** A space list's keyset position: (createdAt, id) in an organization, (position, id) in a collection. */
export type SpaceKey = readonly [string, string];

/** The values the list statements are bound with. */
type Names = "org" | "digest" | "collection" | "k0" | "k1" | "limit" | "inhLevel" | "inhRank";

/** The shape of one list statement (the SQL differs by it; `LISTS` holds each shape's set). */
interface Shape {
  inCollection: boolean;
  who: Who;
}

/** The caller's user id, from the token digest (read once per statement). */
const userSql = (p: Params<Names>): SQL => userOfDigestSql(sqlParam(p, "digest"));

/** The caller's kind in the organization, in SQL (`kindSql`; null: not a member). */
const whoSql = (p: Params<Names>): SQL =>
  sql`(SELECT ${kindSql(sql`m.role`)}
    FROM org_members m WHERE m.organization_id = ${p("org")} AND m.user_id = ${userSql(p)})`;

/** The live spaces of the listed organization or collection. */
function baseSql({ inCollection }: Shape, p: Params<Names>) {
  return inCollection
    ? liveSiblingsSql(sqlParam(p, "collection"), sqlParam(p, "org"))
    : and(eq(spaces.organizationId, sqlParam(p, "org")), isNull(spaces.deletedAt));
}

/**
 * Visibility as `effectiveRole` computes it, in SQL (`spaceRoleSql`): what the space's parent
 * collection passes down comes from `visibleTreeSql` over the organization's collections, or is
 * the listed collection's level and the caller's rank on its chain, bound as values. Admins see
 * everything (no predicate).
 */
function visibilitySql(shape: Shape, p: Params<Names>) {
  if (shape.who === "admin") {
    return { level: sql<DefaultLevel>`NULL`, rank: sql<number>`0`, visible: undefined };
  }
  const inherited = shape.inCollection
    ? { level: sqlParam(p, "inhLevel"), rank: sqlParam(p, "inhRank") }
    : FROM_VISIBLE_TREE;
  const { level, rank } = spaceRoleSql(inherited, userSql(p));
  const visible =
    shape.who === "in-sql"
      ? hasRoleOfKindSql(whoSql(p), level, rank)
      : hasRoleSql(shape.who, level, rank);
  return { level, rank, visible };
}

/** The collection tree the caller sees, joined by org-wide lists of members and guests. */
function treeJoin(p: Params<Names>) {
  return visibleTreeSql(userSql(p), sqlParam(p, "org"), true);
}

/** One page of spaces in a shape, after a cursor or from the start. */
function pageSelect(shape: Shape, cursor: boolean) {
  const keys = shape.inCollection ? [spaces.position, spaces.id] : [spaces.createdAt, spaces.id];
  return preparedSelect(
    (p: Params<Names>) => {
      const { level, rank } = visibilitySql(shape, p);
      const shownIn = { organizationId: sqlParam(p, "org"), cap: sqlParam(p, "limit") };
      return {
        row: LISTED_COLUMNS,
        level: level.as("s_level"),
        rank: rank.as("s_rank"),
        placement: publishedPlacementSql(undefined, shownIn),
        gitSync: GIT_SYNC_COLUMN,
      };
    },
    (select, p) => {
      const { visible } = visibilitySql(shape, p);
      const after = cursor ? sql`(${keys[0]}, ${keys[1]}) > (${p("k0")}, ${p("k1")})` : undefined;
      const from = select.from(spaces).$dynamic();
      const joined =
        shape.inCollection || shape.who === "admin"
          ? from
          : from.leftJoin(treeJoin(p), sql`v.v_id = ${spaces.parentId}`);
      return joined
        .where(and(baseSql(shape, p), after, visible))
        .orderBy(...keys.map((k) => asc(k)))
        .limit(p("limit"));
    },
    // Up to 50 rows of every space column: one JSON array per row (`SelectOptions.packed`).
    { packed: true },
  );
}

/** The exact count of a collection's spaces the caller sees. */
function collectionCountSelect(shape: Shape) {
  return preparedSelect(
    () => ({ n: count() }),
    (select, p: Params<Names>) =>
      select.from(spaces).where(and(baseSql(shape, p), visibilitySql(shape, p).visible)),
  );
}

/**
 * The exact count of an organization's spaces the caller sees: admins read its counter, members
 * (not guests) the counter minus what is hidden from them (`memberHiddenCountSql`), guests count
 * their visible spaces.
 */
const ORG_COUNT = preparedSelect(
  (p: Params<Names>) => {
    const guest = { inCollection: false, who: "guest" } as const;
    const guestCount = sql`(SELECT COUNT(*) FROM spaces LEFT JOIN ${treeJoin(p)}
      ON v.v_id = spaces.parent_id WHERE ${and(baseSql(guest, p), visibilitySql(guest, p).visible)})`;
    return {
      n: sql<number>`CASE ${whoSql(p)} WHEN 'admin' THEN ${organizations.spacesCount}
        WHEN 'guest' THEN ${guestCount}
        ELSE ${organizations.spacesCount} - ${memberHiddenCountSql(userSql(p), sqlParam(p, "org"), () => treeJoin(p))} END`.as(
        "n",
      ),
    };
  },
  (select, p) => select.from(organizations).where(eq(organizations.id, sqlParam(p, "org"))),
);

/**
 * Each list's statements by who lists (`in-sql`: the organization list, for every caller; the
 * others: a collection's list), a set made on first use: the first page, a page after a cursor,
 * the count.
 */
const LISTS = preparedShapes((who: Who) => {
  const shape = { inCollection: who !== "in-sql", who };
  return {
    first: pageSelect(shape, false),
    after: pageSelect(shape, true),
    count: shape.inCollection ? collectionCountSelect(shape) : ORG_COUNT,
  };
});

/** The bound page (first or after the cursor) and count of a list's statements. */
function pageAndCount(db: Database, who: Who, values: Record<Names, unknown>, cursor: boolean) {
  const set = LISTS(who);
  return bindAll(db, { page: cursor ? set.after : set.first, count: set.count }, values);
}

/** What a page and its count read: the rows, with their level and rank, and the count. */
interface ListRows {
  rows: ({ row: ListedSpaceRow; level: DefaultLevel; rank: number } & Columns)[];
  total: { n: number }[];
}

/** The listed spaces the caller's membership shows, each with its role. */
function listedOf(member: Membership, { rows, total }: ListRows) {
  const admin = kindOf(member) === "admin";
  const items = rows.flatMap(({ row, level, rank, ...columns }) => {
    if (admin) return [listed(row, "admin", columns)];
    const role = roleFromTree(member, level, Number(rank));
    return role ? [listed(row, role, columns)] : [];
  });
  return { items, count: Number(total[0]?.n ?? 0) };
}

/**
 * A page of an organization's live spaces that the caller sees and their exact count, as
 * statements that run in the access check's own round trip (they read the caller's membership
 * themselves); `finish` takes the membership the check found.
 */
export function orgSpacesPlan(
  db: Database,
  input: { organizationId: string; digest: string; limit: number; after?: SpaceKey },
) {
  const values = {
    org: input.organizationId,
    digest: input.digest,
    collection: null,
    limit: input.limit + 1,
    inhLevel: null,
    inhRank: null,
    ...cursorPair(input.after),
  };
  const bound = pageAndCount(db, "in-sql", values, Boolean(input.after));
  return plan(
    {
      spacesPage: bound.page,
      spacesCount: bound.count,
    },
    (results) => (member: Membership) =>
      listedOf(member, { rows: results.spacesPage, total: results.spacesCount }),
  );
}

/**
 * A page of a collection's live spaces that the caller sees and their exact count, in one round
 * trip. The statements' text is written once per isolate; each request binds its values.
 */
export async function listCollectionSpaces(
  db: Database,
  digest: string,
  member: Membership,
  source: CollectionSource,
  options: { limit: number; after?: SpaceKey },
): Promise<{ items: ListedSpace[]; count: number }> {
  const who = kindOf(member);
  // What the listed collection passes down (the rule's own resolution) and its best grant.
  const values = {
    org: member.org.id,
    digest,
    collection: source.collection.id,
    limit: options.limit + 1,
    inhLevel: chainLevel(source.chain),
    inhRank: bestRank(source.grants),
    ...cursorPair(options.after),
  };
  const bound = pageAndCount(db, who, values, Boolean(options.after));
  const [rows, total] = await db.batch([bound.page, bound.count]);
  return listedOf(member, { rows, total });
}
