import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../env";
import { errorBody } from "../lib/errors";

/** Default request body cap; a route that documents a larger one declares it (`ownBodyCap`). */
const MAX_BODY_BYTES = 1024 * 1024;

/** The limiters routes declared as their own cap (and their size), found among matched routes. */
const OWN_CAPS = new WeakMap<object, number>();

/** 413 with the wire error body for bodies over the cap, before anything parses them. */
export function limitBody(maxSize = MAX_BODY_BYTES): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: (c) => c.json(errorBody(413, `Request body exceeds the ${maxSize} byte limit`), 413),
  });
}

/**
 * A route's own body cap, declared once, with the route:
 * `createRoute({ …, middleware: [ownBodyCap(bytes)] })`. It mounts the cap on that route, and
 * the app's default cap (`defaultBodyLimit`) stands aside for every request the route matches.
 */
export function ownBodyCap(maxSize: number): MiddlewareHandler<AppEnv> {
  const cap = limitBody(maxSize);
  OWN_CAPS.set(cap, maxSize);
  return cap;
}

/**
 * The body cap of the request's route: its own (`ownBodyCap`) or the default. Middleware that
 * reads a body before the route does (idempotency's fingerprint) reads no more than this.
 */
export function bodyCapOf(c: Context<AppEnv>): number {
  for (const route of matchedRoutes(c)) {
    const own = OWN_CAPS.get(route.handler);
    if (own !== undefined) return own;
  }
  return MAX_BODY_BYTES;
}

/**
 * The app-wide cap (1 MiB) on every body, before anything reads it, except on a route that
 * declares its own (`ownBodyCap`): the router has matched the request's routes before the first
 * middleware runs, so the route's cap is known here without repeating its path.
 */
export function defaultBodyLimit(): MiddlewareHandler<AppEnv> {
  const limit = limitBody();
  return (c, next) =>
    matchedRoutes(c).some((route) => OWN_CAPS.has(route.handler)) ? next() : limit(c, next);
}
