// This isolate's memories: small per-isolate state the request path keeps between requests. One
// of each per platform (made by `createPlatform`, src/platform/compose.ts), never a module-level
// singleton, so tests and isolates never share them by import: the state that depends on time or on
// other requests (a pure function's memo is core/memory/memos.ts's instead). Each is bounded by
// the one policy, `BoundedMap` (core/memory). They import only core/.
import { BoundedMap } from "../../core/memory/bounded-map";

/** How long this isolate trusts a token it verified, to let a request's body be read. */
const VERIFIED_TOKEN_TTL_MS = 10_000;

/** Entries kept at most; the oldest go first. */
const MAX_ENTRIES = 2_000;

/**
 * The token digests this isolate verified in the last few seconds. It only decides whether a
 * request's body may be read before the token has been looked up in this request: every access
 * check still reads the token in its own batch, so a revoked token never gets past a check.
 * Without it, every write would pay one more D1 round trip to authenticate before its body.
 * One per platform, like the other memories of this file.
 */
export class VerifiedTokens {
  private readonly entries = new BoundedMap<string, { tokenId: string; until: number }>({
    entries: MAX_ENTRIES,
  });

  /** Remembers a digest verified at `now`, no longer than the token's own expiry. */
  remember(digest: string, tokenId: string, expiresAt: string | null, now: number): void {
    const expiry = expiresAt ? Date.parse(expiresAt) : Number.POSITIVE_INFINITY;
    const until = Math.min(now + VERIFIED_TOKEN_TTL_MS, expiry);
    if (until <= now) return;
    this.entries.set(digest, { tokenId, until });
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
    for (const [digest, entry] of this.entries.entries()) {
      if (entry.tokenId === tokenId) this.entries.delete(digest);
    }
  }
}

/** Bytes of answers `KeptAnswers` holds at most per isolate (of its 128 MB). */
const KEPT_ANSWER_BYTES = 8 * 1024 * 1024;

/** Answers `KeptAnswers` holds at most (however small). */
const KEPT_ANSWERS = 10_000;

/** An answer larger than this is not kept (a few large pages would push out many small ones). */
const KEPT_ANSWER_MAX_BYTES = 256 * 1024;

/** An answer kept for its key: the body and headers the route made, and what made its ETag. */
export interface KeptAnswer {
  etag: string;
  specState: string;
  body: ArrayBuffer;
  headers: [string, string][];
}

/**
 * The answers of the readers' revision-fixed reads (a site token's reads of a revision's pages
 * and files, src/middleware/reader-cache.ts) this isolate made, by what their derived ETag is
 * made of but the spec state. Such an answer is fixed by its URL, the token's grant and the
 * organization's API specs (docs/compatibility.md "Reader caching"), so a repeat is answered
 * from here after the grant check alone, which every request still makes in D1.
 */
export class KeptAnswers {
  private readonly answers = new BoundedMap<string, KeptAnswer>({
    entries: KEPT_ANSWERS,
    weight: KEPT_ANSWER_BYTES,
    weigh: (answer) => answer.body.byteLength,
  });

  /** This isolate's own version, for a runtime without version metadata (made on first use). */
  private isolateVersion: string | undefined;

  /**
   * The deployed version answers are made by: the Worker's version metadata
   * (`CF_VERSION_METADATA`); without it, this isolate's own, so no other code's answer is ever
   * taken for this one's (made on first use: no random values outside a request).
   */
  deployVersionOf(metadata: { id: string } | undefined): string {
    return metadata?.id ?? (this.isolateVersion ??= `isolate-${crypto.randomUUID()}`);
  }

  /** The answer kept under `key`, if any. */
  get(key: string): KeptAnswer | undefined {
    return this.answers.get(key);
  }

  /** Keeps `answer` under `key`, unless it is too large to be worth the memory. */
  keep(key: string, answer: KeptAnswer): void {
    if (answer.body.byteLength <= KEPT_ANSWER_MAX_BYTES) this.answers.set(key, answer);
  }
}

/** A turn older than this is taken as lost (its request was cancelled before releasing it). */
const TURN_LIFETIME_MS = 30_000;

/**
 * How many large-body requests this isolate works on at once. A Worker isolate runs JavaScript
 * on one thread: ten 1 MB markdown conversions at once make every other request wait for all
 * ten. With one at a time, a small request waits for one at most, and a flood beyond is refused at
 * once (429, retry shortly): the client spreads its requests, or another isolate takes them.
 * Requests never wait on each other (a promise resolved by another request is not something the
 * Workers runtime lets a request wait on). The `largeBodies` middleware
 * (src/middleware/large-bodies.ts) uses it.
 */
export class LargeBodyGate {
  private readonly turns = new Set<{ since: number }>();

  constructor(private readonly maxRunning = 1) {}

  /** A turn, or null when `maxRunning` requests already hold one (refuse the request). */
  enter(now: number): { since: number } | null {
    for (const turn of this.turns) {
      if (now - turn.since > TURN_LIFETIME_MS) this.turns.delete(turn);
    }
    if (this.turns.size >= this.maxRunning) return null;
    const turn = { since: now };
    this.turns.add(turn);
    return turn;
  }

  /** Gives a turn back. */
  leave(turn: { since: number }): void {
    this.turns.delete(turn);
  }
}

/** Keys remembered per isolate at most, the least recently counted going first (key floods). */
const MAX_MIRRORED_KEYS = 10_000;

/**
 * This isolate's fixed-window count per key, aligned on multiples of the period like the binding's
 * windows. The binding decides; this only estimates `X-RateLimit-Remaining` and `-Reset` (the
 * `rateLimit` middleware, src/middleware/rate-limit.ts).
 */
export class RateLimitWindows {
  private readonly counts = new BoundedMap<string, { window: number; count: number }>({
    entries: MAX_MIRRORED_KEYS,
  });

  /** Counts one request for `key` and returns the count so far and the window's end (ms). */
  hit(key: string, periodMs: number, nowMs: number): { count: number; resetMs: number } {
    const window = Math.floor(nowMs / periodMs);
    const entry = this.counts.get(key);
    if (entry && entry.window === window) {
      entry.count += 1;
      return { count: entry.count, resetMs: (window + 1) * periodMs };
    }
    this.counts.set(key, { window, count: 1 });
    return { count: 1, resetMs: (window + 1) * periodMs };
  }
}
