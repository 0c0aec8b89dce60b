import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { integrationBotUsers } from "../../db/schema/index";

/**
 * SQL true when `userId` is not an installation's bot user. Bots are token principals, not
 * people: member lists, member counts, team lists and user lookups leave them out. One primary
 * key probe per row.
 */
export function notBot(userId: SQLWrapper): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${integrationBotUsers} WHERE ${integrationBotUsers.userId} = ${userId})`;
}
