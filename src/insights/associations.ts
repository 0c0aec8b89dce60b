import {
  distinctive,
  mergeCentroids,
  topTerms,
  type CorpusStats,
  type TermVector,
} from "./vectors";

/**
 * Term associations learned from an organization's own issues (issue 33): two terms that keep
 * occurring in the same issues ("Artikel" in a subject with "Beilagen" in the text, then with
 * "Tüte" in another) are associated, so two symptoms of one problem that share no word meet
 * through the terms they are both seen with. Each term keeps a bounded map of the terms seen
 * with it (stored next to its document frequency, read with it), and an issue's vector is
 * expanded with its terms' associates, weighed by pointwise mutual information.
 */

/** One associate of a term: issues holding both, and the associate's document frequency then. */
type Associate = [together: number, documents: number];

/** A term's associates (bounded to `MAX_ASSOCIATES`). */
export type Associates = Record<string, Associate>;

/** Associates a term keeps: the most frequent ones (ties by term), so a row never grows. */
export const MAX_ASSOCIATES = 24;

/** Terms of an issue that learn associations with each other: its strongest ones. */
const ASSOCIATING_TERMS = 10;

/** Fewest issues two terms must share before they are associated (one issue proves nothing). */
const MIN_TOGETHER = 2;

/** Weight of the associates in an expanded vector, relative to the issue's own terms. */
const EXPANSION = 0.6;

/** Terms an expanded vector keeps. */
const CONTEXT_TERMS = 24;

/** Strongest context terms that also look up merge partners (clusters sharing no own term). */
const CONTEXT_LOOKUP = 4;

/** The terms of an issue vector that learn associations (the `ASSOCIATING_TERMS` strongest). */
function associatingTerms(vector: TermVector, keep: (term: string) => boolean): string[] {
  return Object.keys(topTerms(vector, ASSOCIATING_TERMS * 2))
    .filter(keep)
    .slice(0, ASSOCIATING_TERMS);
}

/**
 * A term's associates after one more issue holding `term` and `others` (with their document
 * frequencies now), cut to the `MAX_ASSOCIATES` most frequent (ties by term: deterministic).
 */
function learnAssociates(
  current: Associates,
  term: string,
  others: readonly string[],
  documentFrequency: (term: string) => number,
): Associates {
  const next: Associates = { ...current };
  for (const u of others) {
    if (u === term) continue;
    next[u] = [(next[u]?.[0] ?? 0) + 1, documentFrequency(u)];
  }
  const kept = Object.entries(next)
    .sort((a, b) => b[1][0] - a[1][0] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_ASSOCIATES);
  return Object.fromEntries(kept);
}

/**
 * The vector expanded with its terms' associates: each associate `u` of a term `t` (seen together
 * in ≥ `MIN_TOGETHER` issues) adds `EXPANSION × w(t) × PMI(t, u)` (positive PMI only), terms
 * `keep` refuses (too common, generic) left out; unit length, `CONTEXT_TERMS` strongest terms.
 */
function expandVector(
  vector: TermVector,
  associates: (term: string) => Associates | undefined,
  documentFrequency: (term: string) => number,
  documents: number,
  keep: (term: string) => boolean,
): TermVector {
  const out: TermVector = {};
  for (const [t, w] of Object.entries(vector)) {
    if (!keep(t)) continue;
    out[t] = (out[t] ?? 0) + w;
    const dfT = Math.max(documentFrequency(t), 1);
    for (const [u, [together, dfU]] of Object.entries(associates(t) ?? {})) {
      if (together < MIN_TOGETHER || !keep(u)) continue;
      const pmi = Math.log((together * documents) / (dfT * Math.max(dfU, together)));
      if (pmi > 0) out[u] = (out[u] ?? 0) + EXPANSION * w * pmi;
    }
  }
  return unit(topTerms(out, CONTEXT_TERMS));
}

/** The vector at unit length. */
function unit(vector: TermVector): TermVector {
  let sum = 0;
  for (const w of Object.values(vector)) sum += w * w;
  const norm = Math.sqrt(sum);
  if (norm === 0) return {};
  return Object.fromEntries(Object.entries(vector).map(([t, w]) => [t, w / norm]));
}

/** Fewest terms a context needs to be compared (an issue whose terms were all left out has one). */
const MIN_CONTEXT = 4;

/** Cosine of two unit vectors (0 when either has fewer than `MIN_CONTEXT` terms). */
export function contextCosine(a: TermVector, b: TermVector): number {
  if (Object.keys(a).length < MIN_CONTEXT || Object.keys(b).length < MIN_CONTEXT) return 0;
  let dot = 0;
  for (const [t, w] of Object.entries(a)) dot += w * (b[t] ?? 0);
  return dot;
}

/** What one issue brings to the associations: its expanded vector and its terms' new associates. */
export interface IssueContext {
  /** The issue's vector expanded by the associations learned before it. */
  context: TermVector;
  /** The associates of its strongest terms once this issue is counted (term → associates). */
  learned: Map<string, Associates>;
}

/**
 * An issue's context and what it teaches: its vector expanded with what its terms' associates
 * were (the corpus already counts the issue), then each of its `ASSOCIATING_TERMS` strongest
 * non-generic, not too common terms associated with the others. Pure and deterministic.
 */
export function issueContext(
  vector: TermVector,
  corpus: CorpusStats,
  associates: (term: string) => Associates | undefined,
): IssueContext {
  const context = expandVector(
    vector,
    associates,
    corpus.documentFrequency,
    corpus.documents,
    (t) => distinctive(t, corpus),
  );
  const learning = associatingTerms(vector, (t) => distinctive(t, corpus, true));
  const learned = new Map<string, Associates>();
  for (const t of learning) {
    learned.set(t, learnAssociates(associates(t) ?? {}, t, learning, corpus.documentFrequency));
  }
  return { context, learned };
}

/** A cluster's context after `added` more members whose contexts average to `context`. */
export function addContext(
  current: TermVector | null | undefined,
  size: number,
  context: TermVector,
  added: number,
): TermVector {
  return mergeCentroids(current ?? {}, size, context, added);
}

/** The strongest terms of a cluster's context, which also look up its merge partners. */
export function contextLookupTerms(context: TermVector | null | undefined): string[] {
  return Object.keys(topTerms(context ?? {}, CONTEXT_LOOKUP));
}
