/** R2 key of a version's bytes as received (the storage contract spec-pages reads). */
export function rawKey(specId: string, versionId: string): string {
  return `openapi/${specId}/${versionId}/raw`;
}

/** R2 key of a version's parsed document as JSON (external refs inlined, internal kept). */
export function documentKey(specId: string, versionId: string): string {
  return `openapi/${specId}/${versionId}/document.json`;
}

/** R2 key of an uploaded text source, by its content hash (the same text, the same key). */
export function uploadKey(specId: string, hash: string): string {
  return `openapi/${specId}/uploads/${hash}`;
}

/** Prefix of everything a spec stores in R2, deleted with it. */
export function specPrefix(specId: string): string {
  return `openapi/${specId}/`;
}
