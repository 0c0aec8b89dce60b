import { hmac, safeEqual } from "./crypto";
import { nowMs } from "./clock";

/**
 * How long a signed download URL stays valid: long enough to follow a link just read, short
 * enough that a copied link dies soon after access does. Clients read the URL again to renew it.
 */
const SIGNED_URL_TTL_SECONDS = 10 * 60;

/**
 * Signs an R2 object key for a download served by the Worker itself (R2 bindings cannot
 * presign): the URL carries the key, the space the file belongs to, an expiry and an HMAC of
 * them under SIGNING_SECRET. The download checks the space is still live.
 */
export async function signedDownloadPath(
  secret: string,
  key: string,
  options: { spaceId: string; contentType: string; filename?: string; ttlSeconds?: number },
): Promise<string> {
  const expires = Math.floor(nowMs() / 1000) + (options.ttlSeconds ?? SIGNED_URL_TTL_SECONDS);
  const params = new URLSearchParams({
    key,
    space: options.spaceId,
    expires: String(expires),
    type: options.contentType,
  });
  if (options.filename) params.set("name", options.filename);
  params.set("sig", await hmac(secret, canonical(params)));
  return `/downloads?${params.toString()}`;
}

/** The signed fields, in a fixed order, as the signature covers them. */
function canonical(params: URLSearchParams): string {
  return ["key", "space", "expires", "type", "name"]
    .map((k) => `${k}=${params.get(k) ?? ""}`)
    .join("&");
}

/** Checks a signed download query: the object key and its metadata, or why it is refused. */
export async function verifyDownload(
  secret: string,
  query: URLSearchParams,
): Promise<
  | { ok: true; key: string; spaceId: string; contentType: string; filename: string | null }
  | { ok: false; reason: string }
> {
  const sig = query.get("sig");
  const key = query.get("key");
  const spaceId = query.get("space");
  const expires = Number(query.get("expires"));
  if (!sig || !key || !spaceId || !Number.isFinite(expires))
    return { ok: false, reason: "This download link is malformed" };
  const expected = await hmac(secret, canonical(query));
  if (!safeEqual(sig, expected))
    return { ok: false, reason: "This download link's signature is invalid" };
  if (expires * 1000 < nowMs()) return { ok: false, reason: "This download link has expired" };
  return {
    ok: true,
    key,
    spaceId,
    contentType: query.get("type") ?? "application/octet-stream",
    filename: query.get("name"),
  };
}
