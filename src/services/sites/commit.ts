import type { SiteRow } from "../../db/schema";
import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import type { Membership } from "../../auth/content-role";
import { notFound } from "../../lib/errors";
import { siteQuery } from "../../auth/site";
import { writeOrConflict } from "./structure";
import { siteTreeFrom, siteTreeQueries, type SiteTree, type SiteTreeResults } from "./tree";

/**
 * Runs a structure change and reads the site's new structure back in the same batch (one round
 * trip, atomic), so responses present what was written. 404 if the site vanished meanwhile.
 */
export async function commitAndReload(
  c: Context<AppEnv>,
  member: Membership,
  site: SiteRow,
  writes: readonly BatchItem<"sqlite">[],
): Promise<SiteTree> {
  const reads = [siteQuery(c, site.organizationId, site.id), ...siteTreeQueries(c, site.id)];
  const statements = [...writes, ...reads] as unknown as [
    BatchItem<"sqlite">,
    ...BatchItem<"sqlite">[],
  ];
  const results = await writeOrConflict(() => c.var.db.batch(statements));
  const [siteRows, ...tree] = results.slice(writes.length) as unknown as [
    SiteRow[],
    ...SiteTreeResults,
  ];
  const fresh = siteRows[0];
  if (!fresh) throw notFound("Site");
  return siteTreeFrom(fresh, member, tree);
}
