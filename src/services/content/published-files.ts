import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { fileVersions, siteSpaces, sites, spaces } from "../../db/schema/index";
import { preparedSelect, type Params } from "../../db/prepared";
import { runStatements } from "../../db/plan";

/**
 * A file of published content by its content hash, as a stable URL serves it: a version of the
 * file on the main line of a space the site publishes, while the site is published (any
 * revision: a renderer caches revisions indefinitely, so a file stays reachable while a
 * published revision holds it). The type and name are the file's own; one statement.
 */
const PUBLISHED_FILE = preparedSelect(
  () => ({ contentType: fileVersions.contentType, name: fileVersions.name }),
  (select, p: Params<"site" | "hash">) =>
    select
      .from(fileVersions)
      .innerJoin(spaces, and(eq(spaces.mainLineId, fileVersions.lineId)))
      .innerJoin(siteSpaces, eq(siteSpaces.spaceId, spaces.id))
      .innerJoin(sites, eq(sites.id, siteSpaces.siteId))
      .where(
        and(
          eq(fileVersions.hash, p("hash")),
          eq(sites.id, p("site")),
          sql`${sites.published} = 1`,
          sql`${spaces.deletedAt} IS NULL`,
          sql`${fileVersions.deleted} = 0`,
        ),
      )
      .limit(1),
);

/** The stored type and name of a published file of `siteId` with content hash `hash`, or null. */
export async function findPublishedFile(
  db: Database,
  siteId: string,
  hash: string,
): Promise<{ contentType: string; name: string } | null> {
  const { file } = await runStatements(db, {
    file: PUBLISHED_FILE.bind(db, { site: siteId, hash }),
  });
  return file[0] ?? null;
}
