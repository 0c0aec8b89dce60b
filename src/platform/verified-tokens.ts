/** How long this isolate trusts a token it verified, to let a request's body be read. */
const VERIFIED_TOKEN_TTL_MS = 10_000;

/** Entries kept at most; the oldest go first. */
const MAX_ENTRIES = 2_000;

/**
 * The token digests this isolate verified in the last few seconds. It only decides whether a
 * request's body may be read before the token has been looked up in this request: every access
 * check still reads the token in its own batch, so a revoked token never gets past a check.
 * Without it, every write would pay one more D1 round trip to authenticate before its body.
 * One per platform (made by `createPlatform`, src/platform/compose.ts), so tests and isolates
 * never share it by import.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, { tokenId: string; until: number }>();

  /** Remembers a digest verified at `now`, no longer than the token's own expiry. */
  remember(digest: string, tokenId: string, expiresAt: string | null, now: number): void {
    const expiry = expiresAt ? Date.parse(expiresAt) : Number.POSITIVE_INFINITY;
    const until = Math.min(now + VERIFIED_TOKEN_TTL_MS, expiry);
    if (until <= now) return;
    this.entries.delete(digest);
    this.entries.set(digest, { tokenId, until });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Whether the digest was verified recently enough to be trusted at `now`. */
  has(digest: string, now: number): boolean {
    const entry = this.entries.get(digest);
    if (!entry) return false;
    if (entry.until > now) return true;
    this.entries.delete(digest);
    return false;
  }

  /** Forgets a token at once (it was just revoked in this isolate). */
  forget(tokenId: string): void {
    for (const [digest, entry] of this.entries) {
      if (entry.tokenId === tokenId) this.entries.delete(digest);
    }
  }
}
