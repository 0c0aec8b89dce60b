import { badRequest } from "../lib/errors";

/**
 * D1 read replication: every request runs on one D1 session (`withSession`). Reads may be served
 * by a replica; writes always reach the primary. A client keeps read-your-writes across requests
 * by sending back, in `X-Quire-Bookmark`, the bookmark the previous answer carried.
 */

/** The request and response header carrying a D1 bookmark. */
export const BOOKMARK_HEADER = "X-Quire-Bookmark";

/** What a D1 bookmark looks like: four hex groups (8-8-8-32). */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** Methods that may write: their session starts at the primary (the latest data). */
const WRITES: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The session constraint of a request: the client's bookmark when it sent one (the session sees
 * at least everything up to it), else `first-primary` for a request that may write and
 * `first-unconstrained` (any replica) for a read. A malformed bookmark is a 400.
 */
export function sessionConstraint(method: string, bookmark: string | undefined): string {
  if (bookmark !== undefined) {
    const value = bookmark.trim().toLowerCase();
    if (!BOOKMARK.test(value)) {
      throw badRequest(`header ${BOOKMARK_HEADER}: not a bookmark Quire returned`);
    }
    return value;
  }
  return WRITES.has(method.toUpperCase()) ? "first-primary" : "first-unconstrained";
}

/**
 * A D1 session as the D1Database drizzle and the counting wrapper expect. drizzle's D1 driver
 * only calls `prepare` and `batch`, which a session has; `exec`, `dump` and `withSession` of the
 * binding are not used on request paths.
 */
export function sessionAsDatabase(session: D1DatabaseSession): D1Database {
  return session as unknown as D1Database;
}

/** A session that starts at the primary, for work off the request path (hooks, jobs, cron). */
export function primarySession(d1: D1Database): D1Database {
  return sessionAsDatabase(d1.withSession("first-primary"));
}

/**
 * A session at the primary of a Worker's own D1 binding, for code with no request: the live
 * rooms (src/collab), whose reads must see the writes they answer.
 */
export function primaryOf(env: { DB: D1Database }): D1Database {
  return primarySession(env.DB);
}
