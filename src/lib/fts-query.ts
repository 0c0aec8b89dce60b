/**
 * User search text → a safe FTS5 MATCH expression over tagged words (`src/lib/search-tags.ts`).
 * Nothing the user types is FTS5 syntax: words are extracted with a Unicode regex and each is
 * quoted as a phrase behind its scope's tag, so quotes, NEAR, AND/OR/NOT, `*`, `-`, `^`, `:` and
 * parentheses are plain words or separators, never operators.
 */
import { searchTag, withoutTagMarks } from "./search-tags";

/** Word characters as FTS5's unicode61 tokenizer sees them (letters, digits, marks, private use). */
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
/** A word must hold at least one letter, digit or private-use character, not only marks. */
const SUBSTANCE = /[\p{L}\p{N}\p{Co}]/u;

/** At most this many words count: a 512-character query cannot become a huge expression. */
export const MAX_SEARCH_TERMS = 32;

/** The words of a search query, in order, at most MAX_SEARCH_TERMS (tag characters are spaces). */
export function searchWords(text: string): string[] {
  const words = withoutTagMarks(text.normalize("NFC")).match(WORD) ?? [];
  return words.filter((w) => SUBSTANCE.test(w)).slice(0, MAX_SEARCH_TERMS);
}

/**
 * One word behind a tag as a quoted phrase, a prefix (`"<tag>ligh"*`) when it is the last word
 * and has two characters or more: one letter does not expand to every word of the scope.
 */
function phrase(tag: string, word: string, last: boolean): string {
  const quoted = `"${tag}${word.replaceAll('"', '""')}"`;
  return last && [...word].length >= 2 ? `${quoted}*` : quoted;
}

/**
 * The MATCH expression of a search text within the scopes of `tags` (one space's, several
 * spaces', one organization's): every word must match (AND), each in any one of the scopes (a
 * section carries only its own space's and organization's tags). Null when the text has no
 * words, which means "no results" rather than an error.
 */
export function taggedMatch(tags: readonly string[], text: string): string | null {
  const words = searchWords(text);
  if (words.length === 0 || tags.length === 0) return null;
  return words
    .map((word, i) => {
      const last = i === words.length - 1;
      const any = tags.map((tag) => phrase(tag, word, last));
      return any.length === 1 ? any[0]! : `(${any.join(" OR ")})`;
    })
    .join(" AND ");
}

/** The MATCH expression of a search text in one space (`taggedMatch` with its tag). */
export function spaceMatch(spaceId: string, text: string): string | null {
  return taggedMatch([searchTag("space", spaceId)], text);
}

/** The MATCH expression of a search text in several spaces (a site's). */
export function spacesMatch(spaceIds: readonly string[], text: string): string | null {
  return taggedMatch(
    spaceIds.map((id) => searchTag("space", id)),
    text,
  );
}

/** The MATCH expression of a search text in one organization's spaces. */
export function orgMatch(organizationId: string, text: string): string | null {
  return taggedMatch([searchTag("org", organizationId)], text);
}

/**
 * The token of an id in a key column: a prefix letter and the hex of its UTF-8 bytes. `t` marks
 * the space key of tagged rows, `s` the space key of rows indexed before tags (rebuilt when
 * found), `o` the organization key.
 */
export function keyToken(prefix: "t" | "s" | "o", id: string): string {
  const hex = [...new TextEncoder().encode(id)].map((b) => b.toString(16).padStart(2, "0"));
  return `${prefix}${hex.join("")}`;
}

/** The id a key token (`keyToken`) stands for, without its prefix letter. */
export function idOfKeyToken(token: string): string {
  const bytes = (token.slice(1).match(/../g) ?? []).map((h) => parseInt(h, 16));
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** The MATCH expression that finds a space's rows indexed before tags (its old key token). */
export function untaggedRowsMatch(spaceId: string): string {
  return `space_key : "${keyToken("s", spaceId)}"`;
}
