/** Keys remembered per isolate before the mirror starts over (bounds memory under key floods). */
const MAX_MIRRORED_KEYS = 10_000;

/**
 * This isolate's fixed-window count per key, aligned on multiples of the period like the binding's
 * windows. The binding decides; this only estimates `X-RateLimit-Remaining` and `-Reset` (the
 * `rateLimit` middleware, src/middleware/rate-limit.ts). One per platform (made by
 * `createPlatform`), like `VerifiedTokens`.
 */
export class RateLimitWindows {
  private readonly counts = new Map<string, { window: number; count: number }>();

  /** Counts one request for `key` and returns the count so far and the window's end (ms). */
  hit(key: string, periodMs: number, nowMs: number): { count: number; resetMs: number } {
    const window = Math.floor(nowMs / periodMs);
    const entry = this.counts.get(key);
    if (entry && entry.window === window) {
      entry.count += 1;
      return { count: entry.count, resetMs: (window + 1) * periodMs };
    }
    if (this.counts.size >= MAX_MIRRORED_KEYS) this.counts.clear();
    this.counts.set(key, { window, count: 1 });
    return { count: 1, resetMs: (window + 1) * periodMs };
  }
}
