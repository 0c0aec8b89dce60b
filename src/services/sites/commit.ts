import type { SiteRow } from "../../db/schema";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { runStatements, type Statements } from "../../db/plan";
import type { Membership } from "../../auth/organization";
import { siteQuery } from "../../auth/site";
import { notFound } from "../../lib/errors";
import { writeOrConflict } from "./structure";
import { siteTreeFrom, siteTreeStatements, type SiteTree } from "./tree";

/**
 * Runs a structure change and reads the site's new structure back in the same batch (one round
 * trip, atomic), so responses present what was written. 404 if the site vanished meanwhile.
 * `callerDigest` (the caller's token digest) and `member` give the caller's roles on the spaces of the reloaded tree.
 */
export async function commitAndReload(
  db: Database,
  who: { callerDigest: string; member: Membership },
  site: SiteRow,
  writes: readonly BatchItem<"sqlite">[],
): Promise<SiteTree> {
  // Writes first (named apart from the reads), then the reads see what they wrote.
  const named: Statements = Object.fromEntries(writes.map((write, i) => [`write${i}`, write]));
  const results = await writeOrConflict(() =>
    runStatements(db, {
      ...named,
      fresh: siteQuery(db, site.organizationId, site.id),
      ...siteTreeStatements(db, who.callerDigest, site.id),
    }),
  );
  const fresh = results.fresh[0];
  if (!fresh) throw notFound("Site");
  return siteTreeFrom(fresh, who.member, results);
}

/** The statements of a structure change, run in order in one batch. */
export type Writes = readonly BatchItem<"sqlite">[];

/** Runs writes in one batch (none: no round trip), for changes presented without a reload. */
export async function commitWrites(db: Database, writes: Writes) {
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
}
