/** RFC 9110 §5.6.2 `token`: one or more tchar. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/** RFC 9110 §5.6.4 `quoted-string`, ASCII only (obs-text is refused: headers stay ASCII). */
const QUOTED = '"(?:[\\t !#-\\[\\]-~]|\\\\[\\t -~])*"';
/** RFC 9110 §5.6.6 `parameters`: `*( OWS ";" OWS [ parameter ] )`. */
const PARAMETERS = `(?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED}))?)*`;

/** RFC 9110 §8.3.1 `media-type = type "/" subtype parameters`, anchored. */
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}${PARAMETERS}$`);

/**
 * Whether a string is a media type by RFC 9110's grammar. Stored content types are sent back in
 * a Content-Type header, so anything else (CR/LF, NUL, non-ASCII) must never be stored.
 */
export function isMediaType(value: string): boolean {
  return value.length <= 255 && MEDIA_TYPE.test(value);
}

/** Whether a file name is free of control characters (C0 such as NUL, CR, LF, TAB, and DEL). */
export function isSafeFileName(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}
