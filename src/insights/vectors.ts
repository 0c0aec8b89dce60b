import { termFrequencies, type Token } from "./text";

/** A sparse term vector: term → weight. Stored as a plain object in rows and payloads. */
export type TermVector = Record<string, number>;

/** The corpus statistics BM25 needs: issues seen, their average length, each term's df. */
export interface CorpusStats {
  documents: number;
  averageLength: number;
  documentFrequency: (term: string) => number;
}

/** BM25 constants (the usual values). */
const K1 = 1.2;
const B = 0.75;

/**
 * Fewest documents the IDF assumes: in a young corpus every term is rare, and a problem's own
 * words (seen in 3 of 10 issues) would weigh far less than one issue's incidental words, so
 * issues of one problem would not meet. Past 30 issues the real count applies.
 */
const PRIOR_DOCUMENTS = 30;

/**
 * Exponent of the IDF: below 1 it narrows the gap between a phrasing's rare words ("Monday",
 * "although", seen in a handful of issues) and the problem's own words (seen in every tenth),
 * so issues of one problem phrased differently still meet; a log alone lets the rare words win
 * more as the corpus grows.
 */
const IDF_DAMPING = 0.65;

/** Terms kept in an issue's vector and in a cluster centroid (the rest is noise). */
const VECTOR_TERMS = 16;

/** Terms of an issue that look up candidate clusters in the inverted index. */
export const LOOKUP_TERMS = 8;

/**
 * The BM25 weight of each term of a tokenised issue against the corpus, L2-normalised and cut to
 * its `VECTOR_TERMS` strongest terms (ties broken by term, so the result is deterministic).
 */
export function weighIssue(tokens: readonly Token[], corpus: CorpusStats): TermVector {
  const tf = termFrequencies(tokens);
  const length = tokens.length;
  const avg = corpus.averageLength > 0 ? corpus.averageLength : length || 1;
  const n = Math.max(corpus.documents, PRIOR_DOCUMENTS);
  const weights: TermVector = {};
  for (const [term, f] of tf) {
    const df = Math.min(corpus.documentFrequency(term), n);
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5)) ** IDF_DAMPING;
    weights[term] = (idf * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * length) / avg));
  }
  return normalize(topTerms(weights, VECTOR_TERMS));
}

/**
 * Terms (as the tokenizer stems them) that say a user is stuck rather than what about, in the
 * four languages: every problem shares them, so they never make two issues one problem.
 */
const GENERIC_TERMS: ReadonlySet<string> = new Set([
  ...["fail", "error", "erreur", "fehl", "falla", "fallo", "brok", "stuck", "miss", "wrong"],
  ...["work", "doesn", "issu", "proble", "help", "cannot", "unabl", "funcio", "march"],
]);

/**
 * The part of an issue's vector that can match a cluster: the terms some other issue has too
 * (document frequency above 1), at unit length. A term seen in no other issue (a greeting, a
 * name, a typo) matches no centroid and only dilutes the similarity, which splits problems
 * while the corpus is small; generic terms are left out too, and so are terms too common to
 * tell problems apart (`COMMON_SHARE`) while at least two distinctive ones remain. The full
 * vector still goes into the centroid. An issue sharing no other term keeps its full vector.
 */
export function matchingVector(vector: TermVector, corpus: CorpusStats): TermVector {
  const common = Math.max(corpus.documents, PRIOR_DOCUMENTS) * COMMON_SHARE;
  const shared = Object.entries(vector).filter(
    ([t]) => corpus.documentFrequency(t) > 1 && !GENERIC_TERMS.has(t),
  );
  const distinct = shared.filter(([t]) => corpus.documentFrequency(t) <= common);
  const kept = distinct.length >= 2 ? distinct : shared;
  return kept.length > 0 ? normalize(Object.fromEntries(kept)) : vector;
}

/**
 * Whether a term can tell one problem from another in this corpus: not generic (fail / error /
 * help), not in more than `COMMON_SHARE` of the issues and, unless `unseen` is allowed, seen in
 * another issue too.
 */
export function distinctive(term: string, corpus: CorpusStats, unseen = false): boolean {
  const df = corpus.documentFrequency(term);
  const common = Math.max(corpus.documents, PRIOR_DOCUMENTS) * COMMON_SHARE;
  return (unseen || df > 1) && df <= common && !GENERIC_TERMS.has(term);
}

/**
 * Share of all issues above which a term is too common to tell one problem from another (three
 * export problems all say "export"). A share, so it holds at any corpus size.
 */
const COMMON_SHARE = 0.15;

/**
 * A vector without the terms too common in the corpus to tell problems apart (see
 * `COMMON_SHARE`), at unit length; the vector itself when nothing else is left.
 */
export function distinctPart(vector: TermVector, corpus: CorpusStats): TermVector {
  const common = Math.max(corpus.documents, PRIOR_DOCUMENTS) * COMMON_SHARE;
  const kept = Object.entries(vector).filter(([t]) => corpus.documentFrequency(t) <= common);
  return kept.length > 0 ? normalize(Object.fromEntries(kept)) : vector;
}

/** The `k` heaviest terms of a vector (ties by term). */
export function topTerms(vector: TermVector, k: number): TermVector {
  const entries = Object.entries(vector)
    .filter(([, w]) => w > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, k);
  return Object.fromEntries(entries);
}

/** The vector scaled to unit length (an empty vector stays empty). */
function normalize(vector: TermVector): TermVector {
  let sum = 0;
  for (const w of Object.values(vector)) sum += w * w;
  const norm = Math.sqrt(sum);
  if (norm === 0) return {};
  const out: TermVector = {};
  for (const [t, w] of Object.entries(vector)) out[t] = w / norm;
  return out;
}

/**
 * The centroid after adding `count` members whose (unit) vectors sum to `added`: a running mean
 * of unit vectors, kept to its `VECTOR_TERMS` strongest terms so its size never grows.
 */
export function mergeCentroids(
  a: TermVector,
  aSize: number,
  b: TermVector,
  bSize: number,
): TermVector {
  const sum: TermVector = {};
  for (const [t, w] of Object.entries(a)) sum[t] = w * aSize;
  for (const [t, w] of Object.entries(b)) sum[t] = (sum[t] ?? 0) + w * bSize;
  const total = Math.max(aSize + bSize, 1);
  for (const t of Object.keys(sum)) sum[t] = sum[t]! / total;
  return topTerms(sum, VECTOR_TERMS);
}

/** Share of a match a term gets from a near spelling of it (a typo) in the other vector. */
const NEAR_CREDIT = 0.8;

/** Shortest term a near spelling may stand for (shorter terms differ by one letter too often). */
const NEAR_MIN = 5;

/** Shortest terms of which one letter replaced by another still counts as a typo. */
const REPLACE_MIN = 6;

/**
 * Whether two stems are one typo apart: one letter dropped or added inside the word, two
 * adjacent letters swapped, or (in longer stems) one letter replaced ("imag" / "imae"). A stem
 * that only extends the other ("enter" / "enterp") is another word, not a typo.
 */
export function nearTerms(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < NEAR_MIN || b.length < NEAR_MIN || Math.abs(a.length - b.length) > 1) return false;
  if (a.startsWith(b) || b.startsWith(a)) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  const [x, y] = [a.slice(i), b.slice(i)];
  if (x.slice(1) === y || x === y.slice(1)) return true;
  if (x.length >= 2 && x[0] === y[1] && x[1] === y[0] && x.slice(2) === y.slice(2)) return true;
  if (a.length >= REPLACE_MIN && a.length === b.length && x.slice(1) === y.slice(1)) return true;
  return a.length === b.length && a.length >= REPLACE_MIN && cutShift(x, y);
}

/**
 * Whether two equally long stem tails differ by one letter dropped or added before the stem's
 * cut: "checkout" and "ceckout" stem to "checko" and "ceckou", one letter shifted at the end.
 */
function cutShift(x: string, y: string): boolean {
  return x.slice(1, -1) === y.slice(0, -2) || y.slice(1, -1) === x.slice(0, -2);
}

/** The weight `vector` gives `term`, or the credited weight of a near spelling of it. */
export function weightOrNear(vector: TermVector, term: string): number {
  const exact = vector[term];
  if (exact !== undefined) return exact;
  let best = 0;
  for (const [t, w] of Object.entries(vector)) {
    if (w > best && nearTerms(term, t)) best = w;
  }
  return best * NEAR_CREDIT;
}

/**
 * Cosine similarity that forgives typos: a term of `a` missing from `b` meets a near spelling of
 * it in `b` at `NEAR_CREDIT` of its weight (vectors hold ≤ 16 terms: at most 256 comparisons).
 */
export function softCosine(a: TermVector, b: TermVector): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [t, w] of Object.entries(a)) {
    na += w * w;
    dot += w * weightOrNear(b, t);
  }
  for (const w of Object.values(b)) nb += w * w;
  return na === 0 || nb === 0 ? 0 : Math.min(1, dot / Math.sqrt(na * nb));
}
