import { drizzle } from "drizzle-orm/d1";
import { UnplannedLimitsD1 } from "./unplanned-limits";

/**
 * A drizzle handle over one request's D1 binding; made per request, never shared. No schema is
 * passed: Quire does not use drizzle's relational query API, and building its relational config
 * walked every table on each request (about a tenth of a GET's CPU in `npm run bench:profile`).
 * Its statements' bound limits are written so SQLite plans them once (src/db/unplanned-limits.ts).
 */
export function createDb(d1: D1Database) {
  return drizzle(new UnplannedLimitsD1(d1) as unknown as D1Database);
}

/** The drizzle database type used by services. */
export type Database = ReturnType<typeof createDb>;
