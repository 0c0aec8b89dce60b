import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  conversationClusters,
  conversationCorpus,
  conversationIssues,
  conversations,
  type ConversationClusterRow,
  type ConversationRow,
} from "../../db/schema/index";
import { runStatements } from "../../db/plan";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { assignIssue, lookupTerms, mergedCentroid, mergePartner } from "../../insights/cluster";
import { addToPulse, clusterIcon, clusterLabel, mergeWords, wordsOf } from "../../insights/labels";
import { addContext, contextLookupTerms, issueContext } from "../../insights/associations";
import { distinctPart, matchingVector, weighIssue } from "../../insights/vectors";
import type { EngineIssue } from "./engine";
import { resetGuard, versionGuard } from "./guards";
import {
  loadCandidates,
  candidateOf,
  loadCorpus,
  MAX_ISSUE_TERMS,
  previousIssuesStatements,
} from "./index-reads";
import {
  addSource,
  documentFrequencyWrites,
  indexWrites,
  mergeWrites,
  removalWrites,
  type Write,
} from "./writes";

/** The most frequent distinct terms of an issue, at most `MAX_ISSUE_TERMS`. */
function issueTerms(issue: EngineIssue): string[] {
  const tf = new Map<string, number>();
  for (const t of issue.tokens) tf.set(t.term, (tf.get(t.term) ?? 0) + 1);
  return [...tf.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_ISSUE_TERMS)
    .map(([t]) => t);
}

/** Loads a job's conversation, its previous issues and the clustering version; null when stale. */
export async function loadForProcessing(
  db: Database,
  organizationId: string,
  conversationId: string,
  revision: number,
) {
  const r = await runStatements(db, {
    conversation: db
      .select()
      .from(conversations)
      .where(
        and(eq(conversations.organizationId, organizationId), eq(conversations.id, conversationId)),
      ),
    ...previousIssuesStatements(db, organizationId, conversationId),
    corpus: db
      .select({ version: conversationCorpus.clusteringVersion })
      .from(conversationCorpus)
      .where(eq(conversationCorpus.organizationId, organizationId)),
  });
  const row = r.conversation[0];
  if (!row || row.revision !== revision || row.processedAt !== null) return null;
  const clusters = new Map(r.previousClusters.map((c) => [c.id, c]));
  const previous = r.previousIssues.flatMap((issue) => {
    const cluster = clusters.get(issue.clusterId);
    return cluster ? [{ issue, cluster }] : [];
  });
  return { row, previous, version: r.corpus[0]?.version ?? 0 };
}

/**
 * Takes out a re-ingested conversation's previous issues (one round trip, only then), guarded
 * by the clustering version read with them.
 */
export async function removePrevious(
  db: Database,
  loaded: NonNullable<Awaited<ReturnType<typeof loadForProcessing>>>,
): Promise<void> {
  const { row, previous, version } = loaded;
  await db.batch([
    versionGuard(db, row.organizationId, version),
    ...removalWrites(db, previous, nowIso()),
    resetGuard(db, row),
  ]);
}

/**
 * Clusters one extracted issue incrementally and returns its writes: read the document
 * frequencies of its terms, weigh it (BM25), compare it with the clusters sharing its top terms
 * (inverted index), join the nearest or start one, then check the touched cluster against the
 * clusters sharing its centroid's terms and merge when they converged. Three bounded reads,
 * whatever the number of conversations.
 */
export async function clusterIssueWrites(
  db: Database,
  conv: ConversationRow,
  issue: EngineIssue,
): Promise<Write[]> {
  const org = conv.organizationId;
  const now = nowIso();
  const terms = issueTerms(issue);
  const corpus = await loadCorpus(db, org, terms);
  // Every later read and write of this issue is valid only at this version (see guards.ts).
  const writes: Write[] = [versionGuard(db, org, corpus.version)];
  const documents = corpus.issues + 1;
  const stats = {
    documents,
    averageLength: (corpus.totalLength + issue.tokens.length) / documents,
    documentFrequency: (t: string) => (corpus.df.get(t) ?? 0) + 1,
  };
  const vector = weighIssue(issue.tokens, stats);
  const match = matchingVector(vector, stats);
  const known = new Set(terms);
  const learnt = issueContext(vector, stats, (t) => corpus.associates.get(t));
  // Only terms whose rows were read (the issue's `MAX_ISSUE_TERMS`) learn.
  const learned = new Map([...learnt.learned].filter(([t]) => known.has(t)));
  const candidates = await loadCandidates(db, org, lookupTerms(match));
  const assignment = assignIssue(vector, candidates.map(candidateOf), issue.embedding, match);
  const words = wordsOf(issue.tokens, vector);
  const base: ConversationClusterRow | undefined =
    assignment.kind === "join" ? candidates.find((c) => c.id === assignment.clusterId) : undefined;
  const clusterId = base?.id ?? newId();
  let centroid = assignment.centroid;
  let embedding = assignment.embedding;
  let context = addContext(base?.context, base?.issuesCount ?? 0, learnt.context, 1);
  let size = base ? base.issuesCount + 1 : 1;
  let mergedWords = mergeWords(centroid, base?.words ?? {}, words);
  let sources = addSource(base?.sources ?? {}, conv.source, 1);
  let weeks = addToPulse(base?.weeks ?? {}, conv.createdAt, 1, now);
  let lastIssueAt = base && base.lastIssueAt > conv.createdAt ? base.lastIssueAt : conv.createdAt;

  const lookup = new Set([...lookupTerms(centroid), ...contextLookupTerms(context)]);
  const partners = await loadCandidates(db, org, [...lookup], clusterId);
  const touched = { id: clusterId, centroid, size, embedding, context };
  const partner = mergePartner(touched, partners.map(candidateOf), (v) => distinctPart(v, stats));
  const partnerRow = partner ? partners.find((p) => p.id === partner.id) : undefined;
  if (partner && partnerRow) {
    ({ centroid, embedding, context } = mergedCentroid(touched, partner));
    size += partnerRow.issuesCount;
    mergedWords = mergeWords(centroid, mergedWords, partnerRow.words);
    for (const [s, n] of Object.entries(partnerRow.sources)) sources = addSource(sources, s, n);
    for (const [w, n] of Object.entries(partnerRow.weeks)) {
      weeks = addToPulse(weeks, `${w}T00:00:00Z`, n, now);
    }
    if (partnerRow.lastIssueAt > lastIssueAt) lastIssueAt = partnerRow.lastIssueAt;
    writes.push(...mergeWrites(db, org, partnerRow.id, clusterId));
  }

  const fields = {
    label: clusterLabel(centroid, mergedWords),
    icon: clusterIcon(centroid),
    centroid,
    words: mergedWords,
    embedding,
    context,
    issuesCount: size,
    sources,
    weeks,
    lastIssueAt,
    updatedAt: now,
  };
  writes.push(
    base
      ? db.update(conversationClusters).set(fields).where(eq(conversationClusters.id, clusterId))
      : db.insert(conversationClusters).values({
          id: clusterId,
          organizationId: org,
          summary: issue.title,
          createdAt: now,
          ...fields,
        }),
    ...indexWrites(db, org, clusterId, centroid),
    ...documentFrequencyWrites(db, org, terms, 1, learned),
    db
      .update(conversationCorpus)
      .set({
        issuesCount: sql`${conversationCorpus.issuesCount} + 1`,
        totalLength: sql`${conversationCorpus.totalLength} + ${issue.tokens.length}`,
        clustersCount: sql`${conversationCorpus.clustersCount} + ${base ? 0 : 1}`,
      })
      .where(eq(conversationCorpus.organizationId, org)),
    db.insert(conversationIssues).values({
      id: newId(),
      organizationId: org,
      conversationId: conv.id,
      clusterId,
      title: issue.title,
      summary: issue.summary,
      terms,
      length: issue.tokens.length,
      source: conv.source,
      createdAt: conv.createdAt,
      updatedAt: now,
    }),
  );
  return writes;
}

/** Marks a conversation without issues processed, only at the revision the job read. */
export function markProcessed(db: Database, conv: ConversationRow): Write {
  return db
    .update(conversations)
    .set({ processedAt: nowIso(), issuesCount: 0 })
    .where(
      and(
        eq(conversations.organizationId, conv.organizationId),
        eq(conversations.id, conv.id),
        eq(conversations.revision, conv.revision),
      ),
    );
}
