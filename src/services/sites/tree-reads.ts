import { and, asc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { bindAll, preparedSelect, preparedShapes, sqlParam, type Params } from "../../db/prepared";
import { userOfDigestSql } from "../../auth/caller";
import {
  collections,
  contentGrants,
  siteSectionGroups,
  siteSections,
  siteSpaces,
  spaces,
} from "../../db/schema/index";
import { ancestorIdsSql, principalSql } from "../../auth/grant-sql";
import { publishedPlacementSql } from "./published-placement";

/**
 * The statements reading a site's whole structure (`siteTreeStatements`), written once per
 * isolate (`src/db/prepared.ts`) in two shapes: with the request's share key in the spaces'
 * placement column, or without one. Each request binds the site, the caller's token digest (the
 * statements read the caller's user id from it, as `callerUserId` does) and the key. They are
 * the statements `spaceAccessStatements` builds for the spaces a site publishes, with the same
 * SQL and the same rows.
 */

/** The values the tree statements are bound with. */
type Names = "site" | "digest" | "share";

/** The ids of the spaces the site publishes. */
const idsSql = (p: Params<Names>) =>
  sql`SELECT space_id FROM site_spaces WHERE site_id = ${p("site")}`;

/** The parent collections of those spaces. */
const parentsSql = (p: Params<Names>) =>
  sql`SELECT parent_id FROM spaces WHERE id IN (${idsSql(p)}) AND parent_id IS NOT NULL`;

/** The caller's user id, read from their token's digest. */
const callerSql = (p: Params<Names>) => userOfDigestSql(sqlParam(p, "digest"));

/** The caller's grants on resources of one type selected by `ids`. */
function grantsSelect(resourceType: "collection" | "space", ids: (p: Params<Names>) => SQL) {
  return preparedSelect(
    () => ({ resourceId: contentGrants.resourceId, role: contentGrants.role }),
    (select, p: Params<Names>) =>
      select
        .from(contentGrants)
        .where(
          and(
            eq(contentGrants.resourceType, resourceType),
            sql`${contentGrants.resourceId} IN (${ids(p)})`,
            principalSql(callerSql(p)),
          ),
        ),
  );
}

/** The statements of one shape (with or without a share key in the placement column). */
function treeSelects(keyed: boolean) {
  return {
    sections: preparedSelect(
      () => getTableColumns(siteSections),
      (select, p: Params<Names>) =>
        select
          .from(siteSections)
          .where(eq(siteSections.siteId, p("site")))
          .orderBy(asc(siteSections.position), asc(siteSections.id)),
    ),
    groups: preparedSelect(
      () => getTableColumns(siteSectionGroups),
      (select, p: Params<Names>) =>
        select
          .from(siteSectionGroups)
          .where(eq(siteSectionGroups.siteId, p("site")))
          .orderBy(asc(siteSectionGroups.position), asc(siteSectionGroups.id)),
    ),
    siteSpaces: preparedSelect(
      () => getTableColumns(siteSpaces),
      (select, p: Params<Names>) =>
        select
          .from(siteSpaces)
          .where(eq(siteSpaces.siteId, p("site")))
          .orderBy(asc(siteSpaces.position), asc(siteSpaces.id)),
    ),
    // Deleted spaces are dropped in memory (see `spaceAccessStatements`).
    spaces: preparedSelect(
      (p: Params<Names>) => ({
        space: spaces,
        placement: publishedPlacementSql(keyed ? sqlParam(p, "share") : undefined),
      }),
      (select, p) => select.from(spaces).where(sql`${spaces.id} IN (${idsSql(p)})`),
    ),
    chain: preparedSelect(
      () => getTableColumns(collections),
      (select, p: Params<Names>) =>
        select
          .from(collections)
          .where(sql`${collections.id} IN (${ancestorIdsSql(parentsSql(p))})`),
    ),
    collectionGrants: grantsSelect("collection", (p) => ancestorIdsSql(parentsSql(p))),
    spaceGrants: grantsSelect("space", idsSql),
  };
}

/** Both shapes: keyed (a share key in the placement column) or not. */
const SHAPES = preparedShapes(treeSelects);

/**
 * Statements loading the whole structure of a site, with its spaces, their role inputs and where
 * each space is published, for one request: `callerDigest` is the caller's token digest
 * (`callerDigest(c)`), `shareKey` the request's (it names share-link sites in placements).
 */
export function siteTreeStatements(
  db: Database,
  callerDigest: string,
  siteId: string,
  shareKey?: string,
) {
  const values = { site: siteId, digest: callerDigest, share: shareKey ?? null };
  return bindAll(db, SHAPES(Boolean(shareKey)), values);
}
