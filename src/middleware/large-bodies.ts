import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { errorBody } from "../lib/errors";
import { nowMs } from "../lib/clock";

/** Bodies above this many bytes are large: parsing them (markdown above all) takes real CPU. */
const LARGE_BODY_BYTES = 256 * 1024;

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
