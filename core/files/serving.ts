import { isMediaType } from "../requests/media-type";

/**
 * How an uploaded file's bytes are served, wherever they are (the API's signed download and
 * stable published URL, the reader's `/_quire/files/` proxy on a site's own host): the one rule
 * that keeps an upload from ever running as part of a page. Only types a browser shows without
 * running anything are inline; a type a page could load as code or style from its own origin
 * (a `script-src 'self'` or `style-src 'self'` gadget) is sent as bytes; everything runs
 * sandboxed, and nothing is sniffed.
 */

/** Types a browser may show inline (by essence: type/subtype, lowercased, no parameters). */
const INLINE_EXACT: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
  "application/pdf",
  "text/plain",
]);
/** Top-level types a browser may show inline whatever their subtype. */
const INLINE_TOP: ReadonlySet<string> = new Set(["audio", "video"]);

/**
 * Essences a page could use as code or style when served from its origin: WHATWG's JavaScript
 * MIME types, CSS, WebAssembly and XSLT. They are served as `application/octet-stream`, which a
 * browser refuses to run under `nosniff`.
 */
const ACTIVE: ReadonlySet<string> = new Set([
  "application/ecmascript",
  "application/javascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/javascript",
  "text/javascript1.0",
  "text/javascript1.1",
  "text/javascript1.2",
  "text/javascript1.3",
  "text/javascript1.4",
  "text/javascript1.5",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
  "text/css",
  "application/wasm",
  "text/xsl",
  "application/xslt+xml",
]);

/** The essence of a media type: `type/subtype`, lowercased, without parameters. */
function mediaEssence(contentType: string): string {
  return contentType.split(";", 1)[0]!.trim().toLowerCase();
}

/** Whether a browser may show a file of this type inline (anchored: `image/pngx` may not). */
export function showsInline(contentType: string): boolean {
  const essence = mediaEssence(contentType);
  return INLINE_EXACT.has(essence) || INLINE_TOP.has(essence.split("/", 1)[0]!);
}

/** The type a file is served with: its stored type unless invalid or able to run in a page. */
export function servedType(storedType: string): string {
  if (!isMediaType(storedType) || ACTIVE.has(mediaEssence(storedType))) {
    return "application/octet-stream";
  }
  return storedType;
}

/** Content-Disposition with the file name: an ASCII fallback and the exact UTF-8 name. */
function disposition(contentType: string, name: string | null): string {
  const kind = showsInline(contentType) ? "inline" : "attachment";
  if (!name) return kind;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The headers that decide how a file's bytes are handled, from its stored type and name. */
export function fileSafetyHeaders(storedType: string, name: string | null): Record<string, string> {
  const contentType = servedType(storedType);
  return {
    "Content-Type": contentType,
    "Content-Disposition": disposition(contentType, name),
    "X-Content-Type-Options": "nosniff",
    // Chrome's PDF viewer does not run in a sandboxed document: a PDF only refuses framing.
    "Content-Security-Policy":
      mediaEssence(contentType) === "application/pdf"
        ? "frame-ancestors 'none'"
        : "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
  };
}
