import { and, eq, inArray, sql } from "drizzle-orm";
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
import type { Associates } from "../../insights/associations";
import { MAX_CANDIDATES, type ClusterCandidate } from "../../insights/cluster";

/** Most terms whose document frequency one issue reads (D1 binds at most 100 values). */
export const MAX_ISSUE_TERMS = 90;

/** Postings one lookup term reads at most: its heaviest, through the (org, term, weight) index. */
const POSTINGS_PER_TERM = 32;

/**
 * The clusters sharing the most weight with `terms` in the inverted index, at most
 * `MAX_CANDIDATES`. Each term reads only its `POSTINGS_PER_TERM` heaviest postings, so a lookup
 * reads at most terms × 32 index rows and 12 cluster rows, whatever the number of clusters.
 */
function candidateClustersQuery(
  db: Database,
  organizationId: string,
  terms: string[],
  exclude?: string,
) {
  const t = conversationClusterTerms;
  // One `rowid IN (…)` per term, OR-ed (D1 refuses compound SELECTs of that many terms).
  const postings = (terms.length > 0 ? terms : [""]).map(
    (term) => sql`rowid IN (SELECT rowid FROM ${t} WHERE ${t.organizationId} = ${organizationId}
      AND ${t.term} = ${term} ORDER BY ${t.weight} DESC LIMIT ${POSTINGS_PER_TERM})`,
  );
  const other = exclude ? sql` AND ${t.clusterId} <> ${exclude}` : sql``;
  const ranked = sql`SELECT ${t.clusterId} FROM ${t} WHERE (${sql.join(postings, sql` OR `)})${other}
    GROUP BY ${t.clusterId} ORDER BY SUM(${t.weight}) DESC, ${t.clusterId} LIMIT ${MAX_CANDIDATES}`;
  return db
    .select()
    .from(conversationClusters)
    .where(sql`${conversationClusters.id} IN (${ranked})`);
}

/** Runs the candidate lookup (in a batch, so D1 reports the rows it read). */
export async function loadCandidates(
  db: Database,
  organizationId: string,
  terms: string[],
  exclude?: string,
): Promise<ConversationClusterRow[]> {
  const r = await runStatements(db, {
    candidates: candidateClustersQuery(db, organizationId, terms, exclude),
  });
  return r.candidates;
}

/** A cluster row as the clustering algorithm sees it. */
export function candidateOf(row: ConversationClusterRow): ClusterCandidate {
  return {
    id: row.id,
    centroid: row.centroid,
    size: row.issuesCount,
    embedding: row.embedding,
    context: row.context ?? {},
  };
}

/**
 * The corpus counters, and the document frequencies and learned associates of an issue's terms,
 * in one round trip (the associates ride on the rows the frequencies read anyway).
 */
export async function loadCorpus(db: Database, organizationId: string, terms: string[]) {
  const r = await runStatements(db, {
    corpus: db
      .select()
      .from(conversationCorpus)
      .where(eq(conversationCorpus.organizationId, organizationId)),
    df: db
      .select({
        term: conversationTerms.term,
        documents: conversationTerms.documents,
        associates: conversationTerms.associates,
      })
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
  const associates = new Map<string, Associates>();
  for (const row of r.df) if (row.associates) associates.set(row.term, row.associates);
  return {
    associates,
    version: corpus?.clusteringVersion ?? 0,
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
