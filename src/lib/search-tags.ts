/**
 * Space- and organization-tagged words for the full-text index. Every word of indexed text is
 * written twice: once behind its space's tag and once behind its organization's tag (a
 * private-use character and ten base-36 digits of a hash of the id), so a query for a tagged
 * word reads one doclist that holds only that space's (or organization's) sections, however
 * large the rest of the index. The tokenizer (unicode61) keeps a tag and its word as one token:
 * private-use characters, letters and digits are all token characters. The presenters strip the
 * tags (`untag`) from what snippets and stored titles show.
 */

/** Starts a space's tag. */
const SPACE_MARK = "\uE000";
/** Starts an organization's tag. */
const ORG_MARK = "\uE001";
/** Base-36 digits of a tag's hash. */
const TAG_DIGITS = 10;
/** Between a word's space copy and its organization copy: a separator cleaned text never holds. */
const COPY_SEPARATOR = "\u0003";

/** Word runs as the tokenizer sees them (letters, digits, marks, private use). */
const WORD_RUN = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
/** The tag characters, never indexed or searched as text of their own. */
const TAG_MARKS = /[\uE000\uE001]/g;

/** A 53-bit hash of a string (cyrb53), for tags: a collision only costs reads, never a leak. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The tag of a space's or an organization's words: its mark and TAG_DIGITS base-36 digits. */
export function searchTag(kind: "space" | "org", id: string): string {
  const digits = (hash53(`${kind}:${id}`) % 36 ** TAG_DIGITS).toString(36);
  return `${kind === "space" ? SPACE_MARK : ORG_MARK}${digits.padStart(TAG_DIGITS, "0")}`;
}

/** Text with the tag characters turned to spaces: what the index and queries see of user text. */
export function withoutTagMarks(text: string): string {
  return text.replace(TAG_MARKS, " ");
}

/**
 * Text as the index stores it: NFC, every word run written as its space copy and its
 * organization copy (`<space tag>word\u0003<org tag>word`), everything between words kept.
 */
export function taggedText(text: string, tags: { space: string; org: string }): string {
  return withoutTagMarks(text.normalize("NFC")).replace(
    WORD_RUN,
    (word) => `${tags.space}${word}${COPY_SEPARATOR}${tags.org}${word}`,
  );
}

/**
 * A word's two copies, either one highlighted by snippet()/highlight() (\x01 … \x02): a space
 * search highlights the first, an organization search the second.
 */
const PAIR = new RegExp(
  `(\u0001?)${SPACE_MARK}[0-9a-z]{${TAG_DIGITS}}([^\u0000-\u001f]*)(\u0002?)${COPY_SEPARATOR}` +
    `(\u0001?)${ORG_MARK}[0-9a-z]{${TAG_DIGITS}}\\2(\u0002?)`,
  "gu",
);
/** A tag left alone (a snippet cut between a word's copies). */
const LONE_TAG = new RegExp(`[${SPACE_MARK}${ORG_MARK}][0-9a-z]{${TAG_DIGITS}}`, "gu");

/**
 * Stored or snippet text as the reader wrote it: each word once, highlighted when either copy
 * was. A copy cut off at a snippet's edge leaves the other, shown once.
 */
export function untag(text: string): string {
  return text
    .replace(PAIR, (_, a: string, word: string, b: string, c: string, d: string) => {
      return `${a || c}${word}${b || d}`;
    })
    .replace(LONE_TAG, "")
    .replaceAll(COPY_SEPARATOR, "");
}
