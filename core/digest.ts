/**
 * The one SHA-256 digest in hex, shared by both Workers: the API's token digests, content
 * addresses and ETags, the reader's page keys and ETags. `bytes` keeps only the first bytes of
 * the digest (a short ETag or cache key: 12 or 16 bytes are far beyond any collision risk there).
 */

/** Hex SHA-256 of text (as UTF-8) or bytes; the first `bytes` bytes of it when given. */
export async function sha256Hex(input: string | BufferSource, bytes = 32): Promise<string> {
  const data = typeof input === "string" ? new TextEncoder().encode(input) : input;
  return hexOf(await crypto.subtle.digest("SHA-256", data), bytes);
}

/** A digest in hex (its first `bytes` bytes): a streamed digest (DigestStream) says it the same way. */
export function hexOf(digest: ArrayBuffer, bytes = 32): string {
  const view = new Uint8Array(digest);
  let hex = "";
  for (let i = 0; i < Math.min(bytes, view.length); i++) {
    hex += view[i]!.toString(16).padStart(2, "0");
  }
  return hex;
}
