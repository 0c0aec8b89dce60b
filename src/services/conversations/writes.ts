import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import {
  changeRequests,
  conversationClusters,
  conversationClusterTerms,
  conversationCorpus,
  conversationIssues,
  conversationTerms,
  type ConversationClusterRow,
  type ConversationIssueRow,
} from "../../db/schema/index";
import type { Associates } from "../../insights/associations";
import { addToPulse } from "../../insights/labels";
import type { TermVector } from "../../insights/vectors";

/** One statement of a job's write batch. */
export type Write = BatchItem<"sqlite">;

/** A source counter map plus `n` for `source` (entries at zero are dropped). */
export function addSource(
  sources: Record<string, number>,
  source: string,
  n: number,
): Record<string, number> {
  const out = { ...sources, [source]: (sources[source] ?? 0) + n };
  if (out[source]! <= 0) delete out[source];
  return out;
}

/**
 * Adds `n` (±1) to the document frequency of each term; on `+1`, the terms in `learned` get their
 * new associates in the same statement (the others keep theirs), so rows written do not grow.
 */
export function documentFrequencyWrites(
  db: Database,
  organizationId: string,
  terms: string[],
  n: 1 | -1,
  learned: ReadonlyMap<string, Associates> = new Map(),
): Write[] {
  if (terms.length === 0) return [];
  if (n < 0) {
    return [
      db
        .update(conversationTerms)
        .set({ documents: sql`MAX(${conversationTerms.documents} - 1, 0)` })
        .where(
          and(
            eq(conversationTerms.organizationId, organizationId),
            inArray(conversationTerms.term, terms),
          ),
        ),
    ];
  }
  // The terms travel as one JSON parameter ([term, associates or null] each): up to 90 terms
  // stay within D1's 100 bound values.
  const rows = terms.map((t) => [t, learned.get(t) ?? null]);
  return [
    db
      .insert(conversationTerms)
      .select(
        sql`SELECT ${organizationId}, json_extract(value, '$[0]'), 1, json_extract(value, '$[1]')
          FROM json_each(${JSON.stringify(rows)}) WHERE true`,
      )
      .onConflictDoUpdate({
        target: [conversationTerms.organizationId, conversationTerms.term],
        set: {
          documents: sql`${conversationTerms.documents} + 1`,
          associates: sql`COALESCE(excluded.associates, ${conversationTerms.associates})`,
        },
      }),
  ];
}

/** Replaces a cluster's rows in the inverted index by its centroid's terms. */
export function indexWrites(
  db: Database,
  organizationId: string,
  clusterId: string,
  centroid: TermVector,
): Write[] {
  const rows = Object.entries(centroid).map(([term, w]) => ({
    organizationId,
    term,
    clusterId,
    weight: Math.max(1, Math.round(w * 1_000_000)),
  }));
  const out: Write[] = [
    db.delete(conversationClusterTerms).where(eq(conversationClusterTerms.clusterId, clusterId)),
  ];
  if (rows.length > 0) out.push(db.insert(conversationClusterTerms).values(rows));
  return out;
}

/** Removes a cluster: its row, its index rows, and one from the organization's counter. */
function dropClusterWrites(db: Database, organizationId: string, clusterId: string): Write[] {
  return [
    db.delete(conversationClusters).where(eq(conversationClusters.id, clusterId)),
    db.delete(conversationClusterTerms).where(eq(conversationClusterTerms.clusterId, clusterId)),
    db
      .update(conversationCorpus)
      .set({ clustersCount: sql`MAX(${conversationCorpus.clustersCount} - 1, 0)` })
      .where(eq(conversationCorpus.organizationId, organizationId)),
  ];
}

/**
 * Takes a re-ingested conversation's previous issues out: the issue rows, their clusters'
 * counters (a cluster left empty is dropped), the document frequencies and the corpus counters.
 * Centroids are left as they are (they drift back as new issues join).
 */
export function removalWrites(
  db: Database,
  previous: readonly { issue: ConversationIssueRow; cluster: ConversationClusterRow }[],
  now: string,
): Write[] {
  const out: Write[] = [];
  const clusters = new Map<string, ConversationClusterRow>();
  for (const { issue, cluster } of previous) {
    const c = clusters.get(cluster.id) ?? { ...cluster };
    c.issuesCount -= 1;
    c.sources = addSource(c.sources, issue.source, -1);
    c.weeks = addToPulse(c.weeks, issue.createdAt, -1, now);
    clusters.set(c.id, c);
    out.push(db.delete(conversationIssues).where(eq(conversationIssues.id, issue.id)));
    out.push(...documentFrequencyWrites(db, issue.organizationId, issue.terms, -1));
    out.push(
      db
        .update(conversationCorpus)
        .set({
          issuesCount: sql`MAX(${conversationCorpus.issuesCount} - 1, 0)`,
          totalLength: sql`MAX(${conversationCorpus.totalLength} - ${issue.length}, 0)`,
        })
        .where(eq(conversationCorpus.organizationId, issue.organizationId)),
    );
  }
  for (const c of clusters.values()) {
    if (c.issuesCount <= 0) {
      out.push(...dropClusterWrites(db, c.organizationId, c.id));
      continue;
    }
    out.push(
      db
        .update(conversationClusters)
        .set({
          issuesCount: c.issuesCount,
          sources: c.sources,
          weeks: c.weeks,
          updatedAt: now,
        })
        .where(eq(conversationClusters.id, c.id)),
    );
  }
  return out;
}

/**
 * Folds cluster `from` into `into`: its issues move (rows written: the size of `from`, never
 * the total), change requests tied to it follow, and `from` is dropped.
 */
export function mergeWrites(
  db: Database,
  organizationId: string,
  from: string,
  into: string,
): Write[] {
  return [
    db
      .update(conversationIssues)
      .set({ clusterId: into })
      .where(
        and(
          eq(conversationIssues.organizationId, organizationId),
          eq(conversationIssues.clusterId, from),
        ),
      ),
    db
      .update(changeRequests)
      .set({ conversationsIssuesCluster: into })
      .where(eq(changeRequests.conversationsIssuesCluster, from)),
    ...dropClusterWrites(db, organizationId, from),
  ];
}
