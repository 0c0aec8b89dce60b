import { sql, type SQLWrapper } from "drizzle-orm";

/**
 * A joined user's columns under names unique in the statement (D1 returns rows keyed by column
 * name, so two `display_name` columns would collapse); all null when the user is gone. Shared by
 * every read that joins users more than once (comments and replies, reviews and reviewers).
 */
export function userColumns(
  t: { displayName: SQLWrapper; email: SQLWrapper; photoURL: SQLWrapper },
  prefix: string,
) {
  return {
    name: sql<string | null>`${t.displayName}`.as(`${prefix}_name`),
    email: sql<string | null>`${t.email}`.as(`${prefix}_email`),
    photo: sql<string | null>`${t.photoURL}`.as(`${prefix}_photo`),
  };
}
