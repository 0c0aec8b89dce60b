import { openValue, sealValue } from "../../lib/sealed";
import { fetchThrough } from "../../outbound/as-fetch";
import type { Outbound } from "../../outbound";
import type { GitRemote } from "../../git/transport";
import type { PackLimits } from "../../git/pack-read";
import type { SpillStore } from "../../git/pack-objects";
import { SYNC_BLOB_BUDGET } from "./spill";
import { GitSyncRefused } from "./errors";

/**
 * A space's repository as Git Sync reaches it: the URL split from its credentials (kept sealed
 * at rest, bound to the space, never answered), and the remote the Git client talks to, through
 * the one outbound fetcher with limits sized for packs.
 */

/** The sealing purpose of Git Sync credentials (the HKDF salt). */
const PURPOSE = "quire git sync credentials";

/** At most 1 GiB of repository per sync, as the issue sets it: the answer cap and the pack's inflated total. */
const GIT_MAX_BYTES = 1024 * 1024 * 1024;

/** The pack limits of a sync: GitBook's 1 GiB, one object at most 100 MiB, 200,000 objects. */
export const GIT_PACK_LIMITS: PackLimits = {
  maxObjects: 200_000,
  maxObjectBytes: 100 * 1024 * 1024,
  maxTotalBytes: GIT_MAX_BYTES,
};

/** Fetch options spilling blobs past the sync's memory budget (none: all in memory). */
export function spilled(spill: SpillStore | undefined) {
  return spill ? { spill, blobBudget: SYNC_BLOB_BUDGET } : {};
}

/** One Git request's time limit by default (a pack of a large repository takes a while). */
const DEFAULT_TIMEOUT_MS = 120_000;

/** A repository URL without credentials, and the `user:password` it carried (or null). */
export interface SplitUrl {
  url: string;
  credentials: string | null;
}

/** Splits `https://user:pass@host/repo.git` into its safe URL and its credentials; 400-worthy errors name `field`. */
export function splitRepositoryUrl(raw: string, field: string): SplitUrl {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new GitSyncRefused(`${field}: not a URL`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    throw new GitSyncRefused(`${field}: only http(s) Git remotes are supported`);
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = "";
  parsed.password = "";
  parsed.hash = "";
  parsed.search = "";
  const url = parsed.toString().replace(/\/+$/, "");
  return { url, credentials: user || password ? `${user}:${password}` : null };
}

/** Credentials from a token: basic auth with the token as password (GitHub's and GitLab's form). */
export function tokenCredentials(token: string): string {
  return `x-access-token:${token}`;
}

/** Seals `user:password` for the space. */
export function sealCredentials(secret: string, spaceId: string, credentials: string) {
  return sealValue(secret, PURPOSE, spaceId, credentials);
}

/** The remote of a sync: its URL with the opened credentials in it, reached through `outbound`. */
export async function gitRemoteOf(
  env: { SIGNING_SECRET: string; GIT_SYNC_TIMEOUT_MS?: string },
  outbound: Outbound,
  row: { spaceId: string; url: string; credentials: string | null },
): Promise<GitRemote> {
  const credentials = row.credentials
    ? await openValue(env.SIGNING_SECRET, PURPOSE, row.spaceId, row.credentials)
    : null;
  const url = new URL(row.url);
  if (credentials) {
    const colon = credentials.indexOf(":");
    url.username = encodeURIComponent(colon < 0 ? credentials : credentials.slice(0, colon));
    url.password = encodeURIComponent(colon < 0 ? "" : credentials.slice(colon + 1));
  }
  const timeout = Number(env.GIT_SYNC_TIMEOUT_MS ?? "");
  const timeoutMs = Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS;
  return {
    url: url.toString().replace(/\/+$/, ""),
    // Streamed: a fetch's pack is read as it arrives (src/git/pack-read.ts), never held whole.
    fetch: fetchThrough(outbound, { maxBytes: GIT_MAX_BYTES, timeoutMs, maxRedirects: 3 }, true),
  };
}
