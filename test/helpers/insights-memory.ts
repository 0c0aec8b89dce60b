import { extractIssues, type ConversationPartInput } from "../../src/insights/extract";
import {
  assignIssue,
  lookupTerms,
  mergedCentroid,
  mergePartner,
  type ClusterCandidate,
} from "../../src/insights/cluster";
import { clusterLabel, mergeWords, wordsOf } from "../../src/insights/labels";
import { distinctPart, matchingVector, weighIssue } from "../../src/insights/vectors";
import {
  addContext,
  contextLookupTerms,
  issueContext,
  type Associates,
} from "../../src/insights/associations";

/** One fixture conversation (test/fixtures/conversations/conversations.json). */
export interface FixtureConversation {
  id: string;
  label: string | null;
  subject?: string;
  metadata: { createdAt: string };
  parts: (ConversationPartInput & { type: string })[];
}

/**
 * The built-in engine's core run in memory, one conversation at a time, with the same
 * incremental steps as the D1 job (document frequencies, inverted index, bounded candidates,
 * merge check on the touched cluster): conversation id → cluster id (null: no issue). When
 * `labels` is given, it receives each remaining cluster's label (cluster id → label).
 */
export function clusterInMemory(
  conversations: readonly FixtureConversation[],
  labels?: Map<string, string>,
) {
  const df = new Map<string, number>();
  let documents = 0;
  let totalLength = 0;
  const clusters = new Map<string, ClusterCandidate>();
  const index = new Map<string, Set<string>>();
  const members = new Map<string, string[]>();
  const words = new Map<string, Record<string, string>>();
  const assigned = new Map<string, string | null>();
  const associates = new Map<string, Associates>();
  let next = 0;
  const candidatesOf = (terms: string[], limit: number) => {
    const score = new Map<string, number>();
    for (const t of terms)
      for (const id of index.get(t) ?? []) score.set(id, (score.get(id) ?? 0) + 1);
    return [...score.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([id]) => clusters.get(id)!);
  };
  const reindex = (c: ClusterCandidate, old: Record<string, number>) => {
    for (const t of Object.keys(old)) index.get(t)?.delete(c.id);
    for (const t of Object.keys(c.centroid)) {
      if (!index.has(t)) index.set(t, new Set());
      index.get(t)!.add(c.id);
    }
  };
  for (const conv of conversations) {
    const issues = extractIssues(conv.subject ?? null, conv.parts);
    assigned.set(conv.id, null);
    for (const issue of issues) {
      const terms = new Set(issue.tokens.map((t) => t.term));
      documents += 1;
      totalLength += issue.tokens.length;
      for (const t of terms) df.set(t, (df.get(t) ?? 0) + 1);
      const corpus = {
        documents,
        averageLength: totalLength / documents,
        documentFrequency: (t: string) => df.get(t) ?? 0,
      };
      const vector = weighIssue(issue.tokens, corpus);
      const match = matchingVector(vector, corpus);
      const { context, learned } = issueContext(vector, corpus, (t) => associates.get(t));
      for (const [t, a] of learned) associates.set(t, a);
      const a = assignIssue(vector, candidatesOf(lookupTerms(match), 12), null, match);
      const issueWords = wordsOf(issue.tokens, vector);
      let touched: ClusterCandidate;
      if (a.kind === "join") {
        const c = clusters.get(a.clusterId)!;
        const old = c.centroid;
        touched = {
          id: c.id,
          centroid: a.centroid,
          size: a.size,
          context: addContext(c.context, c.size, context, 1),
        };
        clusters.set(c.id, touched);
        reindex(touched, old);
        members.get(c.id)!.push(conv.id);
        words.set(c.id, mergeWords(a.centroid, words.get(c.id)!, issueWords));
      } else {
        touched = {
          id: `c${String(next++).padStart(5, "0")}`,
          centroid: a.centroid,
          size: 1,
          context,
        };
        clusters.set(touched.id, touched);
        reindex(touched, {});
        members.set(touched.id, [conv.id]);
        words.set(touched.id, mergeWords(a.centroid, {}, issueWords));
      }
      assigned.set(conv.id, touched.id);
      const lookup = [
        ...new Set([...lookupTerms(touched.centroid), ...contextLookupTerms(touched.context)]),
      ];
      const partner = mergePartner(touched, candidatesOf(lookup, 12), (v) =>
        distinctPart(v, corpus),
      );
      if (partner) {
        const mc = mergedCentroid(touched, partner);
        const merged = {
          id: touched.id,
          centroid: mc.centroid,
          context: mc.context,
          size: touched.size + partner.size,
        };
        reindex({ ...partner, centroid: {} }, partner.centroid);
        clusters.delete(partner.id);
        clusters.set(merged.id, merged);
        reindex(merged, touched.centroid);
        for (const m of members.get(partner.id)!) assigned.set(m, merged.id);
        members.get(merged.id)!.push(...members.get(partner.id)!);
        members.delete(partner.id);
        words.set(
          merged.id,
          mergeWords(merged.centroid, words.get(merged.id)!, words.get(partner.id)!),
        );
        words.delete(partner.id);
      }
    }
  }
  for (const [id, c] of clusters) labels?.set(id, clusterLabel(c.centroid, words.get(id)!));
  return assigned;
}

/** Purity and adjusted Rand index of a clustering against labels (items with a label). */
export function clusteringScores(pairs: readonly { label: string; cluster: string }[]) {
  const table = new Map<string, Map<string, number>>();
  for (const { label, cluster } of pairs) {
    const row = table.get(cluster) ?? new Map<string, number>();
    row.set(label, (row.get(label) ?? 0) + 1);
    table.set(cluster, row);
  }
  const n = pairs.length;
  let majority = 0;
  for (const row of table.values()) majority += Math.max(...row.values());
  const c2 = (x: number) => (x * (x - 1)) / 2;
  let sumCells = 0;
  const labelTotals = new Map<string, number>();
  for (const row of table.values()) {
    for (const [label, count] of row) {
      sumCells += c2(count);
      labelTotals.set(label, (labelTotals.get(label) ?? 0) + count);
    }
  }
  const sumA = [...table.values()].reduce(
    (s, row) => s + c2([...row.values()].reduce((a, b) => a + b, 0)),
    0,
  );
  const sumB = [...labelTotals.values()].reduce((s, v) => s + c2(v), 0);
  const expected = (sumA * sumB) / c2(n);
  const max = (sumA + sumB) / 2;
  const ari = max === expected ? 1 : (sumCells - expected) / (max - expected);
  return { purity: majority / n, ari, clusters: table.size };
}
