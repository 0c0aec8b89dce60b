import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  apiTokens,
  contentGrants,
  integrationBotUsers,
  integrationInstallations,
  users,
} from "../../db/schema/index";

/** Rows per statement and statements per step per run: the purge stays bounded. */
const TOKEN_CHUNK = 500;
const BOT_CHUNK = 90;
const ROUNDS = 10;

/** What one integration purge deleted. */
interface IntegrationPurgeReport {
  expiredTokens: number;
  orphanBots: number;
}

/** Deletes up to a bounded number of expired installation tokens (tokens of bot users). */
async function purgeExpiredTokens(db: Database, cutoff: string): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const result = await db.run(
      sql`DELETE FROM ${apiTokens} WHERE rowid IN (SELECT t.rowid FROM ${apiTokens} t JOIN ${integrationBotUsers} b ON b.user_id = t.user_id WHERE t.expires_at <= ${cutoff} LIMIT ${TOKEN_CHUNK})`,
    );
    const changes = result.meta.changes ?? 0;
    deleted += changes;
    if (changes < TOKEN_CHUNK) break;
  }
  return deleted;
}

/**
 * Deletes bot users whose installation is gone (its organization or integration was deleted
 * without uninstalling): their grants, then the users (memberships, tokens and the bot mark
 * follow by cascade), a bounded number per run.
 */
async function purgeOrphanBots(db: Database): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const orphans = await db
      .select({ id: integrationBotUsers.userId })
      .from(integrationBotUsers)
      .where(
        sql`NOT EXISTS (SELECT 1 FROM ${integrationInstallations} WHERE ${integrationInstallations.id} = ${integrationBotUsers.installationId})`,
      )
      .limit(BOT_CHUNK);
    const ids = orphans.map((o) => o.id);
    if (ids.length === 0) break;
    await db.batch([
      db
        .delete(contentGrants)
        .where(
          and(eq(contentGrants.principalType, "user"), inArray(contentGrants.principalId, ids)),
        ),
      db.delete(users).where(inArray(users.id, ids)),
    ]);
    deleted += ids.length;
    if (ids.length < BOT_CHUNK) break;
  }
  return deleted;
}

/**
 * The scheduled purge of integration leftovers: expired installation tokens (the runtime asks
 * for a new one per dispatch, an expired one can never be used again) and the bot users of
 * installations that no longer exist.
 */
export async function purgeIntegrationLeftovers(
  db: Database,
  now: number,
): Promise<IntegrationPurgeReport> {
  const cutoff = new Date(now).toISOString();
  return {
    expiredTokens: await purgeExpiredTokens(db, cutoff),
    orphanBots: await purgeOrphanBots(db),
  };
}
