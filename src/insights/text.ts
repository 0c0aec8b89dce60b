import { notionOf, PHRASES, splitCompound } from "./lexicon";
import { STOP_WORDS } from "./stop-words";

/**
 * Text normalisation and tokenisation for the built-in insights engine: accents folded, stop
 * words of four languages dropped (stop-words.ts), words mapped to one term per notion across
 * languages and German compounds split (lexicon.ts), and a light suffix stemmer whose output is
 * cut to a short prefix so inflections and most trailing typos meet.
 */

const SUFFIXES = [
  "ational",
  "ations",
  "ation",
  "ements",
  "ement",
  "iones",
  "ingen",
  "ungen",
  "ing",
  "ung",
  "ion",
  "ies",
  "ied",
  "ed",
  "er",
  "es",
  "en",
  "ly",
  "s",
  "e",
];

/** Length of the prefix a stem keeps: long enough to tell topics apart, short for typos. */
const STEM_PREFIX = 6;

/** Lower case, accents folded, ß as ss, everything but letters and digits turned into spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** A light stemmer: the longest known suffix off (the stem keeps ≥ 3 letters), then a prefix. */
function stem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.length - suffix.length >= 3 && word.endsWith(suffix)) {
      return word.slice(0, word.length - suffix.length).slice(0, STEM_PREFIX);
    }
  }
  return word.slice(0, STEM_PREFIX);
}

/** A token: the stemmed term that is compared, and the word it came from, for labels. */
export interface Token {
  term: string;
  word: string;
}

/** The token of one word: its notion when the lexicon knows it, else the word itself. */
function tokenOf(raw: string): Token {
  const word = notionOf(raw) ?? raw;
  return { term: stem(word), word };
}

/**
 * The topic-bearing tokens of a text, in order: stop words, numbers and 1-2 letter words out,
 * phrases joined, a compound whose last part the lexicon knows split into its two parts.
 */
export function tokenize(text: string): Token[] {
  let normalized = normalizeText(text);
  for (const [re, joined] of PHRASES) normalized = normalized.replace(re, joined);
  const out: Token[] = [];
  for (const raw of normalized.split(" ")) {
    if (raw.length < 3 || /^\d+$/.test(raw) || STOP_WORDS.has(raw)) continue;
    const parts = notionOf(raw) === undefined ? splitCompound(raw) : null;
    for (const part of parts ?? [raw]) {
      if (!STOP_WORDS.has(part)) out.push(tokenOf(part));
    }
  }
  return out;
}

/** Term frequencies of a token list. */
export function termFrequencies(tokens: readonly Token[]): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of tokens) tf.set(t.term, (tf.get(t.term) ?? 0) + 1);
  return tf;
}
