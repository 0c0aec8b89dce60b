import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  conversationClusters,
  conversationClusterTerms,
  conversationCorpus,
  conversationIssues,
  conversationTerms,
  type ConversationClusterRow,
} from "../../db/schema/index";
import { runStatements } from "../../db/plan";
import { MAX_CANDIDATES, type ClusterCandidate } from "../../insights/cluster";

/** Most terms whose document frequency one issue reads (D1 binds at most 100 values). */
export const MAX_ISSUE_TERMS = 90;

/**
 * The clusters sharing the most weight with `terms` in the inverted index, at most
 * `MAX_CANDIDATES`, read through the (organization, term) primary key: bounded whatever the
 * number of clusters.
 */
export function candidateClustersQuery(
  db: Database,
  organizationId: string,
  terms: string[],
  exclude?: string,
) {
  const ranked = db
    .select({ clusterId: conversationClusterTerms.clusterId })
    .from(conversationClusterTerms)
    .where(
      and(
        eq(conversationClusterTerms.organizationId, organizationId),
        inArray(conversationClusterTerms.term, terms.length > 0 ? terms : [""]),
        exclude ? ne(conversationClusterTerms.clusterId, exclude) : undefined,
      ),
    )
    .groupBy(conversationClusterTerms.clusterId)
    .orderBy(desc(sql`SUM(${conversationClusterTerms.weight})`), conversationClusterTerms.clusterId)
    .limit(MAX_CANDIDATES);
  return db.select().from(conversationClusters).where(inArray(conversationClusters.id, ranked));
}

/** A cluster row as the clustering algorithm sees it. */
export function candidateOf(row: ConversationClusterRow): ClusterCandidate {
  return { id: row.id, centroid: row.centroid, size: row.issuesCount, embedding: row.embedding };
}

/** The corpus counters and the document frequencies of an issue's terms, in one round trip. */
export async function loadCorpus(db: Database, organizationId: string, terms: string[]) {
  const r = await runStatements(db, {
    corpus: db
      .select()
      .from(conversationCorpus)
      .where(eq(conversationCorpus.organizationId, organizationId)),
    df: db
      .select({ term: conversationTerms.term, documents: conversationTerms.documents })
      .from(conversationTerms)
      .where(
        and(
          eq(conversationTerms.organizationId, organizationId),
          inArray(conversationTerms.term, terms.length > 0 ? terms : [""]),
        ),
      ),
  });
  const corpus = r.corpus[0];
  const df = new Map(r.df.map((row) => [row.term, row.documents]));
  return {
    issues: corpus?.issuesCount ?? 0,
    totalLength: corpus?.totalLength ?? 0,
    df,
  };
}

/**
 * The issues a conversation already has, and their clusters (a re-ingestion removes them): two
 * statements, as a join of tables sharing column names does not survive D1's batch results.
 */
export function previousIssuesStatements(
  db: Database,
  organizationId: string,
  conversationId: string,
) {
  const mine = and(
    eq(conversationIssues.organizationId, organizationId),
    eq(conversationIssues.conversationId, conversationId),
  );
  return {
    previousIssues: db.select().from(conversationIssues).where(mine),
    previousClusters: db
      .select()
      .from(conversationClusters)
      .where(
        inArray(
          conversationClusters.id,
          db.select({ id: conversationIssues.clusterId }).from(conversationIssues).where(mine),
        ),
      ),
  };
}
