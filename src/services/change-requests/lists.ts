import type { ChangeRequestRow } from "../../db/schema";
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { changeRequests, spaces, users, type ChangeRequestStatus } from "../../db/schema/index";
import { plan } from "../../db/plan";

import type { Membership } from "../../auth/organization";
import { FROM_VISIBLE_TREE, visibleSpaceSql, visibleTreeSql } from "../../auth/access-sql";
import { kindOf } from "../../auth/role-rule";
import { keysetAfter } from "../../http/pagination";
import type { UserLike } from "../../api/users";

/** The sort of a change-request list (official ChangeRequestOrderBy). */
export type ChangeRequestOrder = "createdAt" | "updatedAt";

/** The filters of the change-request lists, with the official meanings. */
export interface ChangeRequestFilters {
  statuses: ChangeRequestStatus[];
  creator?: string;
  contributor?: string;
  requestedReviewer?: string;
  issuesCluster?: string;
  space?: string;
  /** A filter on links no change request has yet (site topic, site, style guide run). */
  unmatchable?: boolean;
}

/** One page of a list: rows as loaded (with their users and main's head) and the exact count. */
export interface ChangeRequestPage {
  rows: ListedChangeRequest[];
  count: number;
}

/** A listed change request with what its presentation needs. */
export interface ListedChangeRequest {
  row: ChangeRequestRow;
  users: Map<string, UserLike>;
  mainSeq: number;
}

const creator = alias(users, "creator");
const merger = alias(users, "merger");

/** Row columns plus the joined users and main's head, each under a distinct name (D1 batches). */
const listColumns = {
  cr: changeRequests,
  mainSeq: sql<number>`${spaces.mainSeq}`.as("space_main_seq"),
  creatorName: sql<string | null>`${creator.displayName}`.as("creator_name"),
  creatorEmail: sql<string | null>`${creator.email}`.as("creator_email"),
  creatorPhoto: sql<string | null>`${creator.photoURL}`.as("creator_photo"),
  mergerName: sql<string | null>`${merger.displayName}`.as("merger_name"),
  mergerEmail: sql<string | null>`${merger.email}`.as("merger_email"),
  mergerPhoto: sql<string | null>`${merger.photoURL}`.as("merger_photo"),
};

type ListRow = {
  cr: ChangeRequestRow;
  mainSeq: number;
  creatorName: string | null;
  creatorEmail: string | null;
  creatorPhoto: string | null;
  mergerName: string | null;
  mergerEmail: string | null;
  mergerPhoto: string | null;
};

function listed(r: ListRow): ListedChangeRequest {
  const found = new Map<string, UserLike>();
  if (r.creatorName !== null) {
    const u = { displayName: r.creatorName, email: r.creatorEmail ?? "", photoURL: r.creatorPhoto };
    found.set(r.cr.createdBy, { id: r.cr.createdBy, ...u });
  }
  if (r.cr.mergedBy !== null && r.mergerName !== null) {
    const u = { displayName: r.mergerName, email: r.mergerEmail ?? "", photoURL: r.mergerPhoto };
    found.set(r.cr.mergedBy, { id: r.cr.mergedBy, ...u });
  }
  return { row: r.cr, users: found, mainSeq: Number(r.mainSeq) };
}

/** SQL of the filters, over `change_requests`. */
function filtersSql(f: ChangeRequestFilters): SQL | undefined {
  const cr = changeRequests;
  return and(
    f.statuses.length === 1 ? eq(cr.status, f.statuses[0]!) : inArray(cr.status, f.statuses),
    f.creator !== undefined ? eq(cr.createdBy, f.creator) : undefined,
    f.contributor !== undefined
      ? sql`EXISTS (SELECT 1 FROM change_request_contributors x
          WHERE x.change_request_id = ${cr.id} AND x.user_id = ${f.contributor})`
      : undefined,
    f.requestedReviewer !== undefined
      ? sql`EXISTS (SELECT 1 FROM change_request_reviewers x
          WHERE x.change_request_id = ${cr.id} AND x.user_id = ${f.requestedReviewer})`
      : undefined,
    f.issuesCluster !== undefined ? eq(cr.conversationsIssuesCluster, f.issuesCluster) : undefined,
    f.space !== undefined ? eq(cr.spaceId, f.space) : undefined,
    f.unmatchable ? sql`0` : undefined,
  );
}

/** The keyset columns of an order: newest first, ties broken by id. */
function orderKeys(order: ChangeRequestOrder) {
  const first = order === "updatedAt" ? changeRequests.updatedAt : changeRequests.createdAt;
  return [first, changeRequests.id] as const;
}

/** A change request list's keyset position: the order's timestamp, then the id. */
export type ChangeRequestKey = readonly [string, string];

/** The cursor key of a listed row for an order. */
export function listKey(order: ChangeRequestOrder, item: ListedChangeRequest): ChangeRequestKey {
  return [order === "updatedAt" ? item.row.updatedAt : item.row.createdAt, item.row.id];
}

/** Page options of a list. */
export interface ListOptions {
  order: ChangeRequestOrder;
  limit: number;
  after?: ChangeRequestKey;
}

/**
 * The plan of a space's list (a page and the exact count for the filters), so the route runs it
 * in the same batch as the access check.
 */
export function spaceListPlan(
  db: Database,
  spaceId: string,
  f: ChangeRequestFilters,
  o: ListOptions,
) {
  const keys = orderKeys(o.order);
  const base = and(eq(changeRequests.spaceId, spaceId), filtersSql(f));
  return plan(
    {
      page: db
        .select(listColumns)
        .from(changeRequests)
        .innerJoin(spaces, eq(spaces.id, changeRequests.spaceId))
        .leftJoin(creator, eq(creator.id, changeRequests.createdBy))
        .leftJoin(merger, eq(merger.id, changeRequests.mergedBy))
        .where(and(base, o.after ? keysetAfter(keys, o.after, "desc") : undefined))
        .orderBy(...keys.map((k) => desc(k)))
        .limit(o.limit + 1),
      total: db.select({ n: count() }).from(changeRequests).where(base),
    },
    (r): ChangeRequestPage => ({
      rows: (r.page as ListRow[]).map(listed),
      count: r.total[0]?.n ?? 0,
    }),
  );
}

/**
 * What the organization list needs to know of the caller's visibility: their membership, and
 * their user id as SQL (made by the resolver, `orgChangeRequestVisibility`).
 */
export interface OrgListVisibility {
  member: Membership;
  callerId: SQL;
}

/**
 * A page of the change requests of an organization's live spaces the caller can see, with the
 * exact count, in one round trip. Organization admins see every space; others those
 * `visibleSpaceSql` shows them.
 */
export async function listOrgChangeRequests(
  db: Database,
  visibility: OrgListVisibility,
  f: ChangeRequestFilters,
  o: ListOptions,
): Promise<ChangeRequestPage> {
  const { member, callerId } = visibility;
  const keys = orderKeys(o.order);
  const inOrg = and(eq(spaces.organizationId, member.org.id), isNull(spaces.deletedAt));
  const kind = kindOf(member);
  const admin = kind === "admin";
  // Spaces the caller sees, by `effectiveRole` in SQL over the visible collection tree `v`.
  const visible = admin ? undefined : visibleSpaceSql(kind, FROM_VISIBLE_TREE, callerId);
  const where = and(filtersSql(f), visible);
  let page = db
    .select(listColumns)
    .from(changeRequests)
    .innerJoin(spaces, and(eq(spaces.id, changeRequests.spaceId), inOrg))
    .$dynamic();
  let counted = db
    .select({ n: count() })
    .from(changeRequests)
    .innerJoin(spaces, and(eq(spaces.id, changeRequests.spaceId), inOrg))
    .$dynamic();
  if (!admin) {
    const tree = visibleTreeSql(callerId, member.org.id, true);
    page = page.leftJoin(tree, sql`v.v_id = ${spaces.parentId}`);
    counted = counted.leftJoin(tree, sql`v.v_id = ${spaces.parentId}`);
  }
  const [rows, total] = await db.batch([
    page
      .leftJoin(creator, eq(creator.id, changeRequests.createdBy))
      .leftJoin(merger, eq(merger.id, changeRequests.mergedBy))
      .where(and(where, o.after ? keysetAfter(keys, o.after, "desc") : undefined))
      .orderBy(...keys.map((k) => desc(k)))
      .limit(o.limit + 1),
    counted.where(where),
  ]);
  return { rows: (rows as ListRow[]).map(listed), count: total[0]?.n ?? 0 };
}
