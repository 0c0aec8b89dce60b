import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  conversationClusters,
  conversationCorpus,
  conversationIssues,
  conversations,
  conversationSources,
} from "../../db/schema/index";
import { plan } from "../../db/plan";
import { keysetAfter, type CursorKey } from "../../http/pagination";

/** A page of an organization's conversations, newest update first, maybe of one source. */
export function conversationListPlan(
  db: Database,
  input: { orgId: string; source?: string; limit: number; after?: CursorKey },
) {
  const where: SQL[] = [eq(conversations.organizationId, input.orgId)];
  if (input.source !== undefined) where.push(eq(conversations.source, input.source));
  if (input.after) {
    where.push(keysetAfter([conversations.updatedAt, conversations.id], input.after, "desc"));
  }
  const rows = db
    .select()
    .from(conversations)
    .where(and(...where))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(input.limit + 1);
  const total =
    input.source !== undefined
      ? db
          .select({ n: conversationSources.conversationsCount })
          .from(conversationSources)
          .where(
            and(
              eq(conversationSources.organizationId, input.orgId),
              eq(conversationSources.source, input.source),
            ),
          )
      : db
          .select({ n: conversationCorpus.conversationsCount })
          .from(conversationCorpus)
          .where(eq(conversationCorpus.organizationId, input.orgId));
  return plan({ rows, total }, (r) => ({ rows: r.rows, count: r.total[0]?.n ?? 0 }));
}

/** One conversation of an organization. */
export function conversationPlan(db: Database, orgId: string, conversationId: string) {
  const row = db
    .select()
    .from(conversations)
    .where(and(eq(conversations.organizationId, orgId), eq(conversations.id, conversationId)));
  return plan({ row }, (r) => r.row[0] ?? null);
}

/** A page of an organization's clusters by `updatedAt` in either order. */
export function clusterListPlan(
  db: Database,
  input: { orgId: string; order: "asc" | "desc"; limit: number; after?: CursorKey },
) {
  const by = input.order === "asc" ? asc : desc;
  const where: SQL[] = [eq(conversationClusters.organizationId, input.orgId)];
  if (input.after) {
    where.push(
      keysetAfter(
        [conversationClusters.updatedAt, conversationClusters.id],
        input.after,
        input.order,
      ),
    );
  }
  const rows = db
    .select()
    .from(conversationClusters)
    .where(and(...where))
    .orderBy(by(conversationClusters.updatedAt), by(conversationClusters.id))
    .limit(input.limit + 1);
  const total = db
    .select({ n: conversationCorpus.clustersCount })
    .from(conversationCorpus)
    .where(eq(conversationCorpus.organizationId, input.orgId));
  return plan({ rows, total }, (r) => ({ rows: r.rows, count: r.total[0]?.n ?? 0 }));
}

/** The filters of the issue list. */
interface IssueFilter {
  cluster?: string;
  conversation?: string;
}

/** The count of an issue list from counters (a bounded COUNT when both filters apply). */
function issueCountQuery(db: Database, orgId: string, f: IssueFilter) {
  if (f.cluster !== undefined && f.conversation !== undefined) {
    // A conversation has a handful of issues: counted through its index, bounded.
    return db
      .select({ n: count() })
      .from(conversationIssues)
      .where(
        and(
          eq(conversationIssues.organizationId, orgId),
          eq(conversationIssues.conversationId, f.conversation),
          eq(conversationIssues.clusterId, f.cluster),
        ),
      );
  }
  if (f.cluster !== undefined) {
    return db
      .select({ n: conversationClusters.issuesCount })
      .from(conversationClusters)
      .where(
        and(eq(conversationClusters.organizationId, orgId), eq(conversationClusters.id, f.cluster)),
      );
  }
  if (f.conversation !== undefined) {
    return db
      .select({ n: conversations.issuesCount })
      .from(conversations)
      .where(and(eq(conversations.organizationId, orgId), eq(conversations.id, f.conversation)));
  }
  return db
    .select({ n: conversationCorpus.issuesCount })
    .from(conversationCorpus)
    .where(eq(conversationCorpus.organizationId, orgId));
}

/**
 * Issues with their conversations, newest update first, in one join: the conversation's columns
 * are aliased (`conv_*`), as columns sharing a name do not survive D1's batch results.
 * `fewRows` (one conversation's issues): the order key is wrapped (`+updated_at`) so SQLite,
 * without statistics in D1, takes the conversation index and sorts the few rows, instead of
 * walking the organization's whole list index for them (1,424 rows read at 2,000 conversations).
 */
function issueRowsQuery(db: Database, orgId: string, where: SQL[], limit: number, fewRows = false) {
  return db
    .select({
      issue: conversationIssues,
      conversation: {
        id: sql<string>`${conversations.id}`.as("conv_id"),
        subject: sql<string | null>`${conversations.subject}`.as("conv_subject"),
        source: sql<string>`${conversations.source}`.as("conv_source"),
        url: sql<string | null>`${conversations.url}`.as("conv_url"),
        createdAt: sql<string>`${conversations.createdAt}`.as("conv_created_at"),
        updatedAt: sql<string>`${conversations.updatedAt}`.as("conv_updated_at"),
        processedAt: sql<string | null>`${conversations.processedAt}`.as("conv_processed_at"),
        issuesCount: sql<number>`${conversations.issuesCount}`.as("conv_issues_count"),
      },
    })
    .from(conversationIssues)
    .innerJoin(
      conversations,
      and(
        eq(conversations.organizationId, conversationIssues.organizationId),
        eq(conversations.id, conversationIssues.conversationId),
      ),
    )
    .where(and(eq(conversationIssues.organizationId, orgId), ...where))
    .orderBy(
      fewRows ? sql`+${conversationIssues.updatedAt} desc` : desc(conversationIssues.updatedAt),
      desc(conversationIssues.id),
    )
    .limit(limit);
}

/** A page of issues with their conversations, maybe of one cluster and/or one conversation. */
export function issueListPlan(
  db: Database,
  input: { orgId: string; filter: IssueFilter; limit: number; after?: CursorKey },
) {
  const where: SQL[] = [];
  const f = input.filter;
  if (f.cluster !== undefined) where.push(eq(conversationIssues.clusterId, f.cluster));
  if (f.conversation !== undefined) {
    where.push(eq(conversationIssues.conversationId, f.conversation));
  }
  const page = input.after
    ? [
        ...where,
        keysetAfter([conversationIssues.updatedAt, conversationIssues.id], input.after, "desc"),
      ]
    : where;
  const rows = issueRowsQuery(db, input.orgId, page, input.limit + 1, f.conversation !== undefined);
  const total = issueCountQuery(db, input.orgId, f);
  return plan({ rows, total }, (r) => ({ rows: r.rows, count: r.total[0]?.n ?? 0 }));
}

/** One issue with its conversation. */
export function issuePlan(db: Database, orgId: string, issueId: string) {
  const row = issueRowsQuery(db, orgId, [eq(conversationIssues.id, issueId)], 1);
  return plan({ row }, (r) => r.row[0] ?? null);
}
