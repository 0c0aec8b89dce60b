/**
 * The one SHA-256 digest in hex, shared by both Workers: the API's token digests, content
 * addresses and ETags, the reader's page keys and ETags. `bytes` keeps only the first bytes of
 * the digest (a short ETag or cache key: 12 or 16 bytes are far beyond any collision risk there).
 */

/** Hex SHA-256 of text (as UTF-8) or bytes; the first `bytes` bytes of it when given. */
export async function sha256Hex(input: string | BufferSource, bytes = 32): Promise<string> {
  const data = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  let hex = "";
  for (let i = 0; i < Math.min(bytes, digest.length); i++) {
    hex += digest[i]!.toString(16).padStart(2, "0");
  }
  return hex;
}
