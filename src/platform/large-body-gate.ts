/** A turn older than this is taken as lost (its request was cancelled before releasing it). */
const TURN_LIFETIME_MS = 30_000;

/**
 * How many large-body requests this isolate works on at once. A Worker isolate runs JavaScript
 * on one thread: ten 1 MB markdown conversions at once make every other request wait for all
 * ten. With one at a time, a small request waits for one at most, and a flood beyond is refused at
 * once (429, retry shortly): the client spreads its requests, or another isolate takes them.
 * Requests never wait on each other (a promise resolved by another request is not something the
 * Workers runtime lets a request wait on). One per platform (made by `createPlatform`), like
 * `VerifiedTokens`; the `largeBodies` middleware (src/middleware/large-bodies.ts) uses it.
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
