import { contextCosine } from "./associations";
import {
  LOOKUP_TERMS,
  mergeCentroids,
  softCosine,
  topTerms,
  weightOrNear,
  type TermVector,
} from "./vectors";

/** Similarity at or above which an issue joins a cluster rather than starting one. */
const JOIN_THRESHOLD = 0.3;

/**
 * Similarity at or above which two clusters' centroids have converged and merge, compared on
 * their distinctive terms (the corpus's common terms left out): centroids average away their
 * members' incidental terms, so this is the join threshold.
 */
const MERGE_THRESHOLD = 0.3;

/**
 * Size up to which a cluster is a lone issue whose wording no other issue shared: a paraphrase
 * or another language of a known problem, more often than a problem of its own.
 */
const LONE_SIZE = 1;

/** Size from which a cluster is established, so a lone issue may fold into it. */
const ESTABLISHED = 8;

/**
 * Similarity at or above which a lone issue folds into an established cluster that holds one of
 * its two strongest distinctive terms (compared on distinctive parts, typos forgiven).
 */
const LONE_MERGE = 0.2;

/**
 * Similarity of two clusters' contexts (their members' vectors expanded by the organization's
 * learned term associations, associations.ts) at or above which they merge even when their own
 * terms barely meet: two symptoms of one problem, told in words that keep appearing together.
 */
const CONTEXT_MERGE = 0.65;

/** Embedding similarity at or above which an issue joins a cluster (Workers AI engine). */
const EMBEDDING_JOIN_THRESHOLD = 0.8;

/**
 * The issue's strongest terms of which a cluster must hold one to be joined: an issue about a
 * PDF export that shares only "export report" with a CSV export cluster starts its own.
 */
const DISTINCTIVE_TERMS = 2;

/** Most candidate clusters one issue (or one merge check) compares with. */
export const MAX_CANDIDATES = 12;

/** A cluster as the incremental algorithm sees it: its centroid and its size. */
export interface ClusterCandidate {
  id: string;
  centroid: TermVector;
  size: number;
  /** Mean embedding of the members, when the engine embeds issues. */
  embedding?: number[] | null;
  /** Mean of the members' vectors expanded by term associations (associations.ts). */
  context?: TermVector;
}

/** Where an issue goes: into an existing cluster (with the new centroid) or a new one. */
export type Assignment =
  | {
      kind: "join";
      clusterId: string;
      similarity: number;
      centroid: TermVector;
      size: number;
      embedding: number[] | null;
    }
  | { kind: "create"; centroid: TermVector; embedding: number[] | null };

/** Whether `centroid` holds one of the strongest terms of `vector`. */
function shares(vector: TermVector, centroid: TermVector): boolean {
  return Object.keys(topTerms(vector, DISTINCTIVE_TERMS)).some(
    (t) => weightOrNear(centroid, t) > 0,
  );
}

/** The terms an issue (or a centroid) looks its candidate clusters up by. */
export function lookupTerms(vector: TermVector): string[] {
  return Object.keys(topTerms(vector, LOOKUP_TERMS));
}

/** Cosine similarity of two dense vectors (0 when their sizes differ or one is zero). */
function denseCosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** The running mean of dense vectors (`a` of `aSize` members plus `b` of `bSize`). */
function meanEmbedding(
  a: readonly number[] | null | undefined,
  aSize: number,
  b: readonly number[] | null | undefined,
  bSize: number,
): number[] | null {
  if (!a || a.length === 0) return b ? [...b] : null;
  if (!b || b.length !== a.length) return [...a];
  const total = aSize + bSize;
  return a.map((x, i) => Math.round(((x * aSize + b[i]! * bSize) / total) * 1e5) / 1e5);
}

/**
 * How far a candidate is above its join threshold: by embeddings when both sides have one
 * (Workers AI engine), else by the term vectors' cosine.
 */
function margin(vector: TermVector, embedding: number[] | null, c: ClusterCandidate) {
  if (embedding && c.embedding && c.embedding.length === embedding.length) {
    const s = denseCosine(embedding, c.embedding);
    return { s, m: s - EMBEDDING_JOIN_THRESHOLD };
  }
  const s = softCosine(vector, c.centroid);
  return { s, m: s - JOIN_THRESHOLD };
}

/**
 * Incremental clustering, one issue at a time: the issue joins the candidate furthest above its
 * join threshold (ties by the larger, then the smaller id), whose centroid moves towards it;
 * otherwise it starts a cluster of its own. Candidates come from the inverted index, so the
 * cost depends on them, never on the total number of issues.
 */
export function assignIssue(
  vector: TermVector,
  candidates: readonly ClusterCandidate[],
  embedding: number[] | null = null,
  match: TermVector = vector,
): Assignment {
  let best: { c: ClusterCandidate; s: number; m: number } | null = null;
  for (const c of candidates) {
    const embedded = embedding !== null && c.embedding?.length === embedding.length;
    // Embeddings compare meaning across words; the term path needs a distinctive term in common.
    if (!embedded && !shares(match, c.centroid)) continue;
    const { s, m } = margin(match, embedding, c);
    if (
      !best ||
      m > best.m + 1e-12 ||
      (Math.abs(m - best.m) <= 1e-12 && (c.size > best.c.size || c.id < best.c.id))
    ) {
      best = { c, s, m };
    }
  }
  if (best && best.m >= 0) {
    return {
      kind: "join",
      clusterId: best.c.id,
      similarity: best.s,
      centroid: mergeCentroids(best.c.centroid, best.c.size, vector, 1),
      size: best.c.size + 1,
      embedding: meanEmbedding(best.c.embedding, best.c.size, embedding, 1),
    };
  }
  return { kind: "create", centroid: mergeCentroids({}, 0, vector, 1), embedding };
}

/**
 * The cluster the touched cluster should merge with, if their centroids converged: the candidate
 * (of the bounded ones sharing its terms) furthest above its threshold, compared on what
 * `distinct` keeps of each centroid (the terms that tell problems apart), typos forgiven. The
 * threshold is `MERGE_THRESHOLD`, or the lower `LONE_MERGE` between a lone issue and an
 * established cluster holding one of its strongest terms: a paraphrase or another language of
 * a known problem folds into it instead of standing as a cluster of its own.
 */
export function mergePartner(
  touched: ClusterCandidate,
  candidates: readonly ClusterCandidate[],
  distinct: (v: TermVector) => TermVector = (v) => v,
): ClusterCandidate | null {
  const own = distinct(touched.centroid);
  let best: { c: ClusterCandidate; margin: number } | null = null;
  for (const c of candidates) {
    if (c.id === touched.id) continue;
    const theirs = distinct(c.centroid);
    const s = softCosine(own, theirs);
    const needed = lone(touched, own, c, theirs) ? LONE_MERGE : MERGE_THRESHOLD;
    if (s >= needed && (!best || s - needed > best.margin)) best = { c, margin: s - needed };
    const k = contextCosine(touched.context ?? {}, c.context ?? {});
    if (k >= CONTEXT_MERGE && (!best || k - CONTEXT_MERGE > best.margin)) {
      best = { c, margin: k - CONTEXT_MERGE };
    }
  }
  return best ? best.c : null;
}

/**
 * Whether one of two clusters is a lone issue and the other an established cluster holding one
 * of the lone issue's two strongest distinctive terms (then the lower `LONE_MERGE` applies).
 */
function lone(a: ClusterCandidate, aPart: TermVector, b: ClusterCandidate, bPart: TermVector) {
  const [small, smallPart, large, largePart] =
    a.size <= b.size ? [a, aPart, b, bPart] : [b, bPart, a, aPart];
  return small.size <= LONE_SIZE && large.size >= ESTABLISHED && shares(smallPart, largePart);
}

/** The centroid (and mean embedding) of two merged clusters. */
export function mergedCentroid(a: ClusterCandidate, b: ClusterCandidate) {
  return {
    centroid: mergeCentroids(a.centroid, a.size, b.centroid, b.size),
    embedding: meanEmbedding(a.embedding, a.size, b.embedding, b.size),
    context: mergeCentroids(a.context ?? {}, a.size, b.context ?? {}, b.size),
  };
}
