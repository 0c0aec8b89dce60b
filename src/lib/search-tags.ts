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

/** Whether `code` is a tag digit ([0-9a-z]). */
function isTagDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 122);
}

/** Whether a tag (`mark` then TAG_DIGITS digits) starts at `at`. */
function tagAt(text: string, at: number, mark: string): boolean {
  if (text[at] !== mark) return false;
  for (let i = 1; i <= TAG_DIGITS; i++) {
    if (!isTagDigit(text.charCodeAt(at + i))) return false;
  }
  return true;
}

/**
 * A word's two copies at `at`, either one highlighted by snippet()/highlight() (\x01 … \x02: a
 * space search highlights the first, an organization search the second):
 * `[\x01]<space tag>word[\x02]\x03[\x01]<org tag>word[\x02]`, the word being everything up to
 * the first control character. Answers the word once, highlighted when either copy was, and
 * where the pair ends; null when no pair starts there.
 */
function pairAt(text: string, at: number): { shown: string; end: number } | null {
  let i = at;
  const a = text[i] === "\u0001" ? "\u0001" : "";
  i += a.length;
  if (!tagAt(text, i, SPACE_MARK)) return null;
  i += 1 + TAG_DIGITS;
  const start = i;
  while (i < text.length && text.charCodeAt(i) > 0x1f) i++;
  const word = text.slice(start, i);
  const b = text[i] === "\u0002" ? "\u0002" : "";
  i += b.length;
  if (text[i] !== COPY_SEPARATOR) return null;
  i += 1;
  const c = text[i] === "\u0001" ? "\u0001" : "";
  i += c.length;
  if (!tagAt(text, i, ORG_MARK)) return null;
  i += 1 + TAG_DIGITS;
  if (!text.startsWith(word, i)) return null;
  i += word.length;
  const d = text[i] === "\u0002" ? "\u0002" : "";
  i += d.length;
  return { shown: `${a || c}${word}${b || d}`, end: i };
}

/**
 * Stored or snippet text as the reader wrote it: each word once, highlighted when either copy
 * was; a tag left alone (a copy cut off at a snippet's edge) is dropped, so the other copy shows
 * once. One pass over the text (this runs for every snippet and title of every search answer).
 */
export function untag(text: string): string {
  if (!text.includes(SPACE_MARK) && !text.includes(ORG_MARK)) {
    return text.includes(COPY_SEPARATOR) ? text.replaceAll(COPY_SEPARATOR, "") : text;
  }
  let out = "";
  let kept = 0; // text[kept, i) is plain text not yet copied to `out`
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch !== "\u0001" && ch !== SPACE_MARK && ch !== ORG_MARK && ch !== COPY_SEPARATOR) {
      i += 1;
      continue;
    }
    out += text.slice(kept, i);
    const pair = ch === "\u0001" || ch === SPACE_MARK ? pairAt(text, i) : null;
    if (pair) {
      out += pair.shown;
      i = pair.end;
    } else if ((ch === SPACE_MARK || ch === ORG_MARK) && tagAt(text, i, ch)) {
      i += 1 + TAG_DIGITS;
    } else {
      if (ch !== COPY_SEPARATOR) out += ch;
      i += 1;
    }
    kept = i;
  }
  return out + text.slice(kept);
}
