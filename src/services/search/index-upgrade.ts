import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { runStatements } from "../../db/plan";
import { preparedSelect, type Params } from "../../db/prepared";
import { idOfKeyToken, untaggedRowsMatch } from "../../lib/fts-query";
import { reindexSpace } from "./indexer";

// Indexes written before tagged words (src/lib/search-tags.ts) answer no tagged query: their
// rows carry the old space key (`s…`), and nothing written since has a token starting with `s`
// (tagged words start with a private-use character, keys with `t` and `o`). A space's index is
// rebuilt whole when one of its searches or merges finds such rows (`indexStateQuery`), when a
// site search finds them among its spaces, and by the cron sweep below for every other space.

/** Of the given spaces (JSON [[id, MATCH of its old rows], …]), those with rows from before tags. */
const OLD_SPACES = preparedSelect(
  () => ({ id: sql<string>`json_extract(value, '$[0]')`.as("id") }),
  (select, p: Params<"spaces">) =>
    select
      .from(sql`json_each(${p("spaces")})`)
      .where(
        sql`EXISTS (SELECT 1 FROM search_fts WHERE search_fts MATCH json_extract(value, '$[1]'))`,
      ),
);

/** The spaces among `spaceIds` whose index was written before tags, for a search's batch. */
export function oldIndexesQuery(db: Database, spaceIds: readonly string[]) {
  const spaces = JSON.stringify(spaceIds.map((id) => [id, untaggedRowsMatch(id)]));
  return OLD_SPACES.bind(db, { spaces });
}

/** One row written before tags, anywhere: its space key (none left: nothing to upgrade). */
const ANY_OLD = preparedSelect(
  () => ({ key: sql<string>`space_key`.as("key") }),
  (select) =>
    select
      .from(sql`search_fts`)
      .where(sql`search_fts MATCH 'space_key : s*'`)
      .limit(1),
);

/** Rows of a space left with its old key after its rebuild (rows no page of it owns). */
const LEFTOVERS = (spaceId: string) =>
  sql`DELETE FROM search_fts WHERE rowid IN
    (SELECT rowid FROM search_fts WHERE search_fts MATCH ${untaggedRowsMatch(spaceId)})`;

/**
 * The cron sweep: rebuilds up to `budget` spaces whose index was written before tags (a rebuild
 * of a deleted space removes it), the rows found through the old key tokens. When none are left
 * it costs one index seek.
 */
export async function upgradeOldIndexes(db: Database, budget = 4): Promise<{ rebuilt: number }> {
  let rebuilt = 0;
  while (rebuilt < budget) {
    const { any } = await runStatements(db, { any: ANY_OLD.bind(db, {}) });
    const key = any[0]?.key;
    if (!key) break;
    const spaceId = idOfKeyToken(key);
    await reindexSpace(db, { id: spaceId });
    await db.run(LEFTOVERS(spaceId));
    rebuilt++;
  }
  return { rebuilt };
}
