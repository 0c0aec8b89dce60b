import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A drizzle handle over one request's D1 binding; made per request, never shared. */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

/** The drizzle database type used by services. */
export type Database = ReturnType<typeof createDb>;
