import { drizzle } from "drizzle-orm/d1";

/**
 * A drizzle handle over one request's D1 binding; made per request, never shared. No schema is
 * passed: Quire does not use drizzle's relational query API, and building its relational config
 * walked every table on each request (about a tenth of a GET's CPU in `npm run bench:profile`).
 */
export function createDb(d1: D1Database) {
  return drizzle(d1);
}

/** The drizzle database type used by services. */
export type Database = ReturnType<typeof createDb>;
