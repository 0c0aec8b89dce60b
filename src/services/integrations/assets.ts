import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { integrations } from "../../db/schema/index";
import { RefusedValue, ValueTooLarge } from "../../lib/errors";
import { hmac, safeEqual, sha256HexBytes } from "../../lib/crypto";
import { nowMs } from "../../lib/clock";

/** Largest integration script: bigger bundles are refused with 413 before anything is stored. */
const MAX_SCRIPT_BYTES = 5 * 1024 * 1024;

/** Largest icon or preview image, decoded. */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** How long a signed asset URL stays valid; clients read the integration again to renew it. */
const ASSET_URL_TTL_SECONDS = 60 * 60;

/** Image types served inline, by their magic bytes (SVG is refused: it can carry scripts). */
const IMAGE_TYPES: { type: string; magic: number[] }[] = [
  { type: "image/png", magic: [0x89, 0x50, 0x4e, 0x47] },
  { type: "image/jpeg", magic: [0xff, 0xd8, 0xff] },
  { type: "image/gif", magic: [0x47, 0x49, 0x46, 0x38] },
  { type: "image/webp", magic: [0x52, 0x49, 0x46, 0x46] },
];

/** Decodes standard or url-safe base64; null when it is not base64. */
function decodeBase64(text: string): Uint8Array | null {
  const std = text.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  try {
    const bin = atob(std + "===".slice((std.length + 3) % 4));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** Stores a script in R2 by content hash (`integrations/scripts/<sha256>.js`); 413 over the cap. */
export async function storeScript(bucket: R2Bucket, script: string) {
  const bytes = new TextEncoder().encode(script);
  if (bytes.length > MAX_SCRIPT_BYTES) {
    throw new ValueTooLarge("script", `exceeds the ${MAX_SCRIPT_BYTES} byte limit`);
  }
  const hash = await sha256HexBytes(bytes);
  const key = `integrations/scripts/${hash}.js`;
  if (!(await bucket.head(key))) {
    await bucket.put(key, bytes, { httpMetadata: { contentType: "text/javascript" } });
  }
  return { key, hash };
}

/**
 * Stores a base64 image (icon or preview) by content hash under `integrations/images/`, after
 * checking it decodes, fits the cap and is a PNG, JPEG, GIF or WebP image; `field` (its path
 * inside the body) names it in the 400 or 413.
 */
export async function storeImage(bucket: R2Bucket, base64: string, field: string) {
  const bytes = decodeBase64(base64);
  if (!bytes || bytes.length === 0) throw new RefusedValue(field, "must be base64 image content");
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new ValueTooLarge(field, `exceeds the ${MAX_IMAGE_BYTES} byte limit`);
  }
  const kind = IMAGE_TYPES.find((t) => t.magic.every((b, i) => bytes[i] === b));
  if (!kind) throw new RefusedValue(field, "must be a PNG, JPEG, GIF or WebP image");
  const key = `integrations/images/${await sha256HexBytes(bytes)}`;
  if (!(await bucket.head(key))) {
    await bucket.put(key, bytes, { httpMetadata: { contentType: kind.type } });
  }
  return key;
}

/** The signed fields of an asset URL, in a fixed order. */
function canonical(key: string, integrationId: string, expires: string): string {
  return `key=${key}&integration=${integrationId}&expires=${expires}`;
}

/**
 * A signed, expiring path to an integration's stored image (R2 bindings cannot presign): the
 * asset route serves it without a token while the integration exists.
 */
export async function signedAssetPath(secret: string, key: string, integrationId: string) {
  const expires = String(Math.floor(nowMs() / 1000) + ASSET_URL_TTL_SECONDS);
  const sig = await hmac(secret, canonical(key, integrationId, expires));
  const params = new URLSearchParams({ key, integration: integrationId, expires, sig });
  return `/integration-assets?${params.toString()}`;
}

/** Checks a signed asset query: the key and integration, or why it is refused. */
export async function verifyAsset(
  secret: string,
  query: URLSearchParams,
): Promise<{ ok: true; key: string; integrationId: string } | { ok: false; reason: string }> {
  const key = query.get("key");
  const integrationId = query.get("integration");
  const expires = query.get("expires");
  const sig = query.get("sig");
  if (!key || !integrationId || !expires || !sig || !/^\d+$/.test(expires)) {
    return { ok: false, reason: "This asset link is malformed" };
  }
  const expected = await hmac(secret, canonical(key, integrationId, expires));
  if (!safeEqual(sig, expected))
    return { ok: false, reason: "This asset link's signature is invalid" };
  if (Number(expires) * 1000 < nowMs()) return { ok: false, reason: "This asset link has expired" };
  return { ok: true, key, integrationId };
}

/** Whether an integration still exists: its assets die with it. */
export async function integrationExists(db: Database, integrationId: string): Promise<boolean> {
  const rows = await db
    .select({ id: integrations.id })
    .from(integrations)
    .where(eq(integrations.id, integrationId))
    .limit(1);
  return rows.length > 0;
}
