// Page bodies for the seed: small, distinct, deterministic JSON Documents in the shape the
// markdown parser produces (core/document/types.ts), stored content-addressed by the
// SHA-256 of their canonical JSON as src/content/documents.ts `storeable` does.
import { createHash } from "node:crypto";

const WORDS = (
  "api page space revision merge branch draft review editor block table code image link " +
  "section guide reference install configure deploy worker database bucket token scope role " +
  "member team collection site publish search index cursor batch change request comment reply"
).split(" ");

/** Deterministic pseudo-random generator (mulberry32), so every run seeds the same text. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(random, words, marker) {
  const out = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(random() * WORDS.length)]);
  if (marker) out.splice(Math.floor(random() * out.length), 0, marker);
  const text = out.join(" ");
  return text[0].toUpperCase() + text.slice(1) + ".";
}

function textBlock(type, key, text) {
  return {
    object: "block",
    type,
    key,
    isVoid: false,
    data: {},
    nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
  };
}

/**
 * The body of page number `n` of a space: a heading and three paragraphs (about 60 words).
 * `marker`, when given, is placed in the second paragraph (the search term).
 */
export function pageDocument(seed, n, title, marker) {
  const random = prng(seed * 100_003 + n);
  return {
    object: "document",
    data: {},
    nodes: [
      textBlock("heading-2", `h${n}`, `${title} overview`),
      textBlock("paragraph", `a${n}`, sentence(random, 20)),
      textBlock("paragraph", `b${n}`, sentence(random, 20, marker)),
      textBlock("paragraph", `c${n}`, `Page ${n}: ${sentence(random, 16)}`),
    ],
  };
}

/** Canonical JSON and content hash of a document, the `documents` row. */
export function stored(document) {
  const body = JSON.stringify(document);
  return { hash: createHash("sha256").update(body).digest("hex"), body };
}

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Sibling sort key number `i` (0-based): two base-62 digits, neither zero, so keys sort in index
 * order and are valid src/lib/position.ts keys (never ending in the zero digit). 3,721 siblings.
 */
export function positionKey(i) {
  if (i >= 61 * 61) throw new Error(`position ${i} out of range`);
  return DIGITS[1 + Math.floor(i / 61)] + DIGITS[1 + (i % 61)];
}
