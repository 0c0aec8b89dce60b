import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

/**
 * The text of a statement fragment, its parameters written inline, for SQL that is written
 * once per isolate (`src/auth/access-rows.ts`, the published placement): the same helpers that
 * build statements per request give the text, so the two never drift apart. Only for fragments
 * whose values are constants of the code, never for request input.
 */
export function sqlText(fragment: SQL): string {
  const query = new SQLiteAsyncDialect().sqlToQuery(fragment.inlineParams());
  if (query.params.length > 0) throw new Error("sqlText: the fragment still has parameters");
  return query.sql;
}
