/** RFC 9110 §5.6.2 `token`: one or more tchar. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/** RFC 9110 §5.6.4 `quoted-string`, ASCII only (obs-text is refused: headers stay ASCII). */
const QUOTED = '"(?:[\\t !#-\\[\\]-~]|\\\\[\\t -~])*"';
/** RFC 9110 §5.6.6 `parameters`: `*( OWS ";" OWS [ parameter ] )`. */
const PARAMETERS = `(?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED}))?)*`;

/**
 * RFC 9110 §8.3.1 `media-type = type "/" subtype parameters`, anchored: the one form of the rule,
 * which request schemas carry as their `pattern` (so the OpenAPI document says what is checked).
 */
export const MEDIA_TYPE_PATTERN = new RegExp(`^${TOKEN}/${TOKEN}${PARAMETERS}$`);

/**
 * Whether a string is a media type by RFC 9110's grammar. Stored content types are sent back in
 * a Content-Type header, so anything else (CR/LF, NUL, non-ASCII) must never be stored.
 */
export function isMediaType(value: string): boolean {
  return value.length <= 255 && MEDIA_TYPE_PATTERN.test(value);
}

/**
 * A file name free of control characters (C0 such as NUL, CR, LF, TAB, and DEL): a schema's
 * `pattern`, as the media type's is.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it refuses.
export const SAFE_FILE_NAME_PATTERN = /^[^\u0000-\u001f\u007f]*$/;
