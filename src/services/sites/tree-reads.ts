import { asc, eq, getTableColumns } from "drizzle-orm";
import type { Database } from "../../db/client";
import { bindAll, preparedSelect, preparedShapes, type Params } from "../../db/prepared";
import { siteSectionGroups, siteSections, siteSpaces } from "../../db/schema/index";
import { spaceAccessSelects, type SpaceAccessNames } from "./space-access";

/**
 * The statements reading a site's whole structure (`siteTreeStatements`), written once per
 * isolate (`src/db/prepared.ts`) in two shapes: with the request's share key in the spaces'
 * placement column, or without one. Each request binds the site, the caller's token digest and
 * the key. The spaces and their role inputs are the space-access statements
 * (`spaceAccessSelects`) over the spaces the site publishes.
 */

/** The statements of one shape (with or without a share key in the placement column). */
function treeSelects(keyed: boolean) {
  return {
    sections: preparedSelect(
      () => getTableColumns(siteSections),
      (select, p: Params<SpaceAccessNames>) =>
        select
          .from(siteSections)
          .where(eq(siteSections.siteId, p("site")))
          .orderBy(asc(siteSections.position), asc(siteSections.id)),
    ),
    groups: preparedSelect(
      () => getTableColumns(siteSectionGroups),
      (select, p: Params<SpaceAccessNames>) =>
        select
          .from(siteSectionGroups)
          .where(eq(siteSectionGroups.siteId, p("site")))
          .orderBy(asc(siteSectionGroups.position), asc(siteSectionGroups.id)),
    ),
    siteSpaces: preparedSelect(
      () => getTableColumns(siteSpaces),
      (select, p: Params<SpaceAccessNames>) =>
        select
          .from(siteSpaces)
          .where(eq(siteSpaces.siteId, p("site")))
          .orderBy(asc(siteSpaces.position), asc(siteSpaces.id)),
    ),
    ...spaceAccessSelects("site", keyed ? "keyed" : "plain"),
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
  const values = { site: siteId, ids: null, digest: callerDigest, share: shareKey ?? null };
  return bindAll(db, SHAPES(Boolean(shareKey)), values);
}
