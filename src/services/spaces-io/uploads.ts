import { hmac, safeEqual } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/clock";

/** Largest upload: 1 GiB of files, plus room for the archive's own structure. */
export const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024 + 64 * 1024 * 1024;

/** How long a signed upload URL stays valid. */
const UPLOAD_TTL_SECONDS = 60 * 60;

/** The storage keys of an organization's import uploads start with this. */
export function uploadKeyPrefix(orgId: string): string {
  return `imports/${orgId}/`;
}

/** The storage keys of an organization's files (kind `organization_file`, up to 100 MiB). */
export function organizationFilePrefix(orgId: string): string {
  return `org-files/${orgId}/`;
}

/** The file name kept in a key: path separators and controls replaced, at most 200 characters. */
function safeName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\u0000-\u001f\u007f/\\?#%]/g, "_").slice(-200) || "upload";
}

/** The signed fields, as the signature covers them. */
function canonical(key: string, size: number, expires: number): string {
  return `upload\n${key}\n${size}\n${expires}`;
}

/**
 * A signed upload for one file under `prefix` (official generateStorageUploadURL, kinds
 * `import_file` and `organization_file`): the key the file will have, and the query of the Worker's own upload (`PUT /v1/storage/uploads`,
 * R2 bindings cannot presign) that accepts exactly `size` bytes for an hour.
 */
export async function signUpload(
  secret: string,
  prefix: string,
  file: { name: string; size: number },
): Promise<{ key: string; query: URLSearchParams }> {
  const key = `${prefix}${newId()}/${safeName(file.name)}`;
  const expires = Math.floor(nowMs() / 1000) + UPLOAD_TTL_SECONDS;
  const sig = await hmac(secret, canonical(key, file.size, expires));
  return {
    key,
    query: new URLSearchParams({ key, size: String(file.size), expires: String(expires), sig }),
  };
}

/** Checks a signed upload's query: the key and size it allows, or why it is refused. */
export async function verifyUpload(
  secret: string,
  query: { key: string; size: string; expires: string; sig: string },
): Promise<{ ok: true; key: string; size: number } | { ok: false; reason: string }> {
  const size = Number(query.size);
  const expires = Number(query.expires);
  if (!Number.isSafeInteger(size) || !Number.isSafeInteger(expires))
    return { ok: false, reason: "This upload link is malformed" };
  const expected = await hmac(secret, canonical(query.key, size, expires));
  if (!safeEqual(query.sig, expected))
    return { ok: false, reason: "This upload link's signature is invalid" };
  if (expires * 1000 < nowMs()) return { ok: false, reason: "This upload link has expired" };
  return { ok: true, key: query.key, size };
}
