import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { errorBody } from "../lib/errors";
import { nowMs } from "../lib/clock";

/** Bodies above this many bytes are large: parsing them (markdown above all) takes real CPU. */
const LARGE_BODY_BYTES = 256 * 1024;

/** A turn older than this is taken as lost (its request was cancelled before releasing it). */
const TURN_LIFETIME_MS = 30_000;

/**
 * How many large-body requests this isolate works on at once. A Worker isolate runs JavaScript
 * on one thread: ten 1 MB markdown conversions at once make every other request wait for all
 * ten. With one at a time, a small request waits for one at most, and a flood beyond is refused at
 * once (429, retry shortly): the client spreads its requests, or another isolate takes them.
 * Requests never wait on each other (a promise resolved by another request is not something the
 * Workers runtime lets a request wait on). One per app (made by `createApp`), like
 * `VerifiedTokens`.
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

/**
 * Whether the request's body is large: by its Content-Length, and any body of unknown length
 * (a chunked stream may be large; reading it here to find out would take it from the route).
 */
function isLarge(request: Request): boolean {
  if (request.body === null) return false;
  const length = request.headers.get("content-length");
  return length === null || Number(length) > LARGE_BODY_BYTES;
}

/**
 * Lets one request with a large body run at a time per isolate (after authentication, so
 * only known tokens take a turn); beyond, 429 with Retry-After.
 */
export const largeBodies: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isLarge(c.req.raw)) return next();
  const gate = c.get("largeBodyGate");
  const turn = gate.enter(nowMs());
  if (!turn) {
    c.header("Retry-After", "2");
    return c.json(errorBody(429, "Too many large requests are being processed; retry in 2 s"), 429);
  }
  try {
    await next();
  } finally {
    gate.leave(turn);
  }
};
