/**
 * User search text → a safe FTS5 MATCH expression. Nothing the user types is FTS5 syntax:
 * words are extracted with a Unicode regex and each is quoted as a phrase, so quotes, NEAR,
 * AND/OR/NOT, `*`, `-`, `^`, `:` and parentheses are plain words or separators, never operators.
 */

/** Word characters as FTS5's unicode61 tokenizer sees them (letters, digits, marks, private use). */
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
/** A word must hold at least one letter, digit or private-use character, not only marks. */
const SUBSTANCE = /[\p{L}\p{N}\p{Co}]/u;

/** At most this many words count: a 512-character query cannot become a huge expression. */
export const MAX_SEARCH_TERMS = 32;

/** The text columns a search matches (never the space and organization key columns). */
const TEXT_COLUMNS = "{title description heading body}";

/** The words of a search query, in order, at most MAX_SEARCH_TERMS. */
export function searchWords(text: string): string[] {
  const words = text.normalize("NFC").match(WORD) ?? [];
  return words.filter((w) => SUBSTANCE.test(w)).slice(0, MAX_SEARCH_TERMS);
}

/**
 * The terms part of a MATCH expression: every word quoted (all must match), the last one a
 * prefix (`"ligh"*`) when it has two characters or more. Null when the text has no words, which
 * means "no results" rather than an error.
 */
export function ftsTerms(text: string): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  return words
    .map((word, i) => {
      const quoted = `"${word.replaceAll('"', '""')}"`;
      const last = i === words.length - 1;
      return last && [...word].length >= 2 ? `${quoted}*` : quoted;
    })
    .join(" ");
}

/** The token of an id in a key column: hex of its UTF-8 bytes, as the migration computes it. */
export function keyToken(prefix: "s" | "o", id: string): string {
  const hex = [...new TextEncoder().encode(id)].map((b) => b.toString(16).padStart(2, "0"));
  return `${prefix}${hex.join("")}`;
}

/** The id a key token (`keyToken`) stands for, without its prefix letter. */
export function idOfKeyToken(token: string): string {
  const bytes = (token.slice(1).match(/../g) ?? []).map((h) => parseInt(h, 16));
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/**
 * A MATCH expression limited to one space (`space_key`) or one organization (`org_key`): the
 * key is a constraint inside the full-text query, so FTS5 reads only that key's rows.
 */
export function scopedMatch(scope: "space" | "org", id: string, terms: string): string {
  const key =
    scope === "space" ? `space_key : "${keyToken("s", id)}"` : `org_key : "${keyToken("o", id)}"`;
  return `${key} AND ${TEXT_COLUMNS} : (${terms})`;
}

/**
 * A MATCH expression limited to several spaces (a site's published spaces): any of their
 * `space_key` tokens, inside the full-text query as `scopedMatch`'s single key is.
 */
export function spacesMatch(spaceIds: readonly string[], terms: string): string {
  const keys = spaceIds.map((id) => `"${keyToken("s", id)}"`).join(" OR ");
  return `space_key : (${keys}) AND ${TEXT_COLUMNS} : (${terms})`;
}
