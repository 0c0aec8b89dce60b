/**
 * The one matcher for conditional requests (RFC 9110 §13.1.1–13.1.2), shared by the API's
 * middleware and routes and by the reader's routes: `If-None-Match` with the weak comparison
 * (`W/` ignored), `If-Match` with the strong one, lists, `*`. A field value that does not follow
 * the grammar (`"*" / #entity-tag`) lists no tag that can match: `If-None-Match` then holds (the
 * full answer is sent) and `If-Match` fails — neither ever turns a bad header into a 304 or a
 * write.
 */

/** An entity tag: its opaque part (the quoted text, quotes included) and whether it is weak. */
export interface EntityTag {
  weak: boolean;
  opaque: string;
}

/** `W/"…"` or `"…"`; etagc is %x21 / %x23-7E / obs-text (no DQUOTE, no space, no controls). */
const ENTITY_TAG = /^(W\/)?("[\x21\x23-\x7e\x80-\uffff]*")$/;
/** One list member at the start of the rest of a field value. */
const MEMBER = /^(W\/)?("[\x21\x23-\x7e\x80-\uffff]*")/;
/** Optional whitespace and the commas of empty list members. */
const SEPARATORS = /^[ \t,]*/;

/** Reads one entity tag (an `ETag` value, or one member of a list); null when malformed. */
export function parseEntityTag(text: string): EntityTag | null {
  const match = ENTITY_TAG.exec(text.trim());
  return match ? { weak: match[1] !== undefined, opaque: match[2]! } : null;
}

/**
 * Reads an `If-None-Match` or `If-Match` value: `"*"`, the listed tags (empty members and the
 * spaces around commas allowed, as the list rule says; commas are legal inside a tag), or null
 * when it is neither.
 */
export function parseEntityTagList(field: string): "*" | EntityTag[] | null {
  if (field.trim() === "*") return "*";
  const tags: EntityTag[] = [];
  let rest = field.replace(SEPARATORS, "");
  while (rest !== "") {
    const member = MEMBER.exec(rest);
    if (!member) return null;
    tags.push({ weak: member[1] !== undefined, opaque: member[2]! });
    rest = rest.slice(member[0].length);
    const separators = SEPARATORS.exec(rest)![0];
    if (rest !== separators && !separators.includes(",")) return null;
    rest = rest.slice(separators.length);
  }
  return tags.length > 0 ? tags : null;
}

/** Weak comparison: the opaque parts match, whatever either tag's `W/`. */
function weakEqual(a: EntityTag, b: EntityTag): boolean {
  return a.opaque === b.opaque;
}

/** Strong comparison: both tags strong, opaque parts equal. */
function strongEqual(a: EntityTag, b: EntityTag): boolean {
  return !a.weak && !b.weak && a.opaque === b.opaque;
}

/**
 * Whether a GET or HEAD carrying `ifNoneMatch` is answered 304 Not Modified for the current
 * representation tagged `etag` (its `ETag` value; undefined when there is none): `*` matches any
 * current representation, a list matches when one of its tags weakly equals `etag`. No header
 * (or an empty one), a malformed one, or no current representation: false (the full answer).
 */
export function answersNotModified(
  ifNoneMatch: string | null | undefined,
  etag: string | null | undefined,
): boolean {
  if (!ifNoneMatch?.trim() || !etag) return false;
  const current = parseEntityTag(etag);
  const tags = parseEntityTagList(ifNoneMatch);
  if (!current || !tags) return false;
  return tags === "*" || tags.some((tag) => weakEqual(tag, current));
}

/**
 * Whether `If-Match` fails for the current representation tagged `etag` (undefined when there
 * is none): the method is then not performed and the answer is 412. No (or an empty) header:
 * it holds. `*`
 * holds when a current representation exists; a list holds when one of its tags strongly
 * equals `etag` (a weak tag never does); a malformed value lists nothing, so it fails.
 */
export function failsIfMatch(
  ifMatch: string | null | undefined,
  etag: string | null | undefined,
): boolean {
  if (!ifMatch?.trim()) return false;
  const tags = parseEntityTagList(ifMatch);
  if (!tags) return true;
  if (!etag) return true;
  if (tags === "*") return false;
  const current = parseEntityTag(etag);
  return !current || !tags.some((tag) => strongEqual(tag, current));
}
