import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env";
import { errorBody } from "../lib/errors";
import { declaring } from "../http/route-facts";

/** Default request body cap; a route that documents a larger one declares it (`ownBodyCap`). */
const MAX_BODY_BYTES = 1024 * 1024;

/** 413 with the wire error body for bodies over the cap, before anything parses them. */
export function limitBody(maxSize = MAX_BODY_BYTES): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: (c) => c.json(errorBody(413, `Request body exceeds the ${maxSize} byte limit`), 413),
  });
}

/**
 * A route's own body cap, declared once, with the route:
 * `createRoute({ …, middleware: [ownBodyCap(bytes)] })`. It mounts the cap on that route, and,
 * as one of the route's facts (src/http/route-facts.ts), the app's default cap
 * (`defaultBodyLimit`) stands aside for every request the route matches.
 */
export function ownBodyCap(maxSize: number): MiddlewareHandler<AppEnv> {
  return declaring({ bodyCap: maxSize }, limitBody(maxSize));
}

/**
 * The body cap of the request's route: its own (`ownBodyCap`) or the default. Middleware that
 * reads a body before the route does (idempotency's fingerprint) reads no more than this.
 */
export function bodyCapOf(c: Context<AppEnv>): number {
  return c.get("route").bodyCap ?? MAX_BODY_BYTES;
}

/**
 * The app-wide cap (1 MiB) on every body, before anything reads it, except on a route that
 * declares its own (`ownBodyCap`), which the request's route facts say without repeating its
 * path.
 */
export function defaultBodyLimit(): MiddlewareHandler<AppEnv> {
  const limit = limitBody();
  return (c, next) => (c.get("route").bodyCap !== null ? next() : limit(c, next));
}
