import { eq, sql, type SQL } from "drizzle-orm";
import { sqlText } from "../../db/sql-text";
import type { Database } from "../../db/client";
import { plan } from "../../db/plan";
import { spaces } from "../../db/schema/index";
import type { SiteRow } from "../../db/schema";

/** What a published URL is built from: the site's address fields. */
type SiteAddress = Pick<SiteRow, "id" | "proxy" | "hostname" | "published" | "visibility">;

/**
 * Where a space is published (its `urls.published`): the site space that shows it, as the site's
 * address, the path segments under it (the section path unless the section is the site's
 * default, the site-space path unless it is its container's default), and the share key that
 * decorates the URL of a share-link site.
 */
export interface PublishedPlacement {
  site: SiteAddress;
  segments: string[];
  shareKey?: string;
}

// The SQL below reads the candidate site space `ss`, its site `st` and its section `sec`, and
// mirrors services/sites/tree.ts: a site space counts only while its space is live and in the
// site's organization (`spacesWithRoles`), defaults fall back as `defaultSectionId` and
// `defaultSiteSpaceId` do.

/**
 * The first section of the site in navigation order (depth first through its groups, each level
 * by position then id), what the default section falls back to when the stored one is gone. Keys
 * join position and id with \x01 and levels with \x02, below any key character, so comparing them
 * as text compares the paths level by level.
 */
const FIRST_SECTION = `(WITH RECURSIVE nav(kind, id, k) AS (
    SELECT 'g', g.id, g.position || char(1) || g.id FROM site_section_groups g
      WHERE g.site_id = st.id AND g.parent_id IS NULL
    UNION ALL SELECT 's', z.id, z.position || char(1) || z.id FROM site_sections z
      WHERE z.site_id = st.id AND z.group_id IS NULL
    UNION ALL SELECT 'g', g.id, nav.k || char(2) || g.position || char(1) || g.id
      FROM nav JOIN site_section_groups g ON g.parent_id = nav.id AND g.site_id = st.id
      WHERE nav.kind = 'g'
    UNION ALL SELECT 's', z.id, nav.k || char(2) || z.position || char(1) || z.id
      FROM nav JOIN site_sections z ON z.group_id = nav.id AND z.site_id = st.id
      WHERE nav.kind = 'g'
  ) SELECT id FROM nav WHERE kind = 's' ORDER BY k LIMIT 1)`;

/** The section segment: none for the site's default section (the walk runs only if needed). */
const SECTION_SEGMENT = `CASE
    WHEN sec.id IS NULL OR st.default_section_id = sec.id THEN NULL
    WHEN EXISTS (SELECT 1 FROM site_sections z
      WHERE z.id = st.default_section_id AND z.site_id = st.id) THEN sec.path
    WHEN ${FIRST_SECTION} = sec.id THEN NULL
    ELSE sec.path END`;

/** A live site space of the site in the organization of the site (alias `d`, its space `dp`). */
const LIVE_IN_CONTAINER = `FROM site_spaces d JOIN spaces dp ON dp.id = d.space_id
    WHERE d.site_id = st.id AND d.container_id = ss.container_id
      AND +dp.deleted_at IS NULL AND dp.organization_id = st.organization_id`;

/**
 * The site-space segment: none for its container's default (the stored one while it is a live
 * site space of the container, else the first live one by position, read only if needed).
 */
const PATH_SEGMENT = `CASE
    WHEN (CASE WHEN sec.id IS NULL THEN st.default_site_space_id
               ELSE sec.default_site_space_id END) = ss.id THEN NULL
    WHEN EXISTS (SELECT 1 ${LIVE_IN_CONTAINER} AND d.id = (CASE WHEN sec.id IS NULL
      THEN st.default_site_space_id ELSE sec.default_site_space_id END)) THEN ss.path
    WHEN ss.id = (SELECT d.id ${LIVE_IN_CONTAINER} ORDER BY d.position, d.id LIMIT 1) THEN NULL
    ELSE ss.path END`;

/**
 * SQL: a column of a select from the table `spaces` (unaliased: drizzle leaves a lone table's
 * columns unqualified, so the space's columns are named here in full) giving the space's published placement as JSON (null
 * when none): among the site spaces showing it in published sites of its organization, the one
 * of the oldest site (created, then id), then the oldest site space of that site. Share-link
 * sites count only when `shareKey` is the key of one of their active links. Rows read follow
 * the space's site spaces, not the sites' sizes.
 */
export function publishedPlacementSql(
  shareKey?: string | SQL,
  list?: { organizationId: string | SQL; cap: number | SQL },
): SQL<string | null> {
  // Without a share key or a list it has no parameter: its text is written once per isolate
  // (building it with drizzle on every GET of a space was a tenth of that request's CPU).
  if (!shareKey && !list) return PLAIN_PLACEMENT;
  return buildPlacement(shareKey, list);
}

/** The placement column's SQL, built (see `publishedPlacementSql`). */
function buildPlacement(
  shareKey?: string | SQL,
  list?: { organizationId: string | SQL; cap: number | SQL },
): SQL<string | null> {
  const shareable = shareKey
    ? sql`(st.visibility <> 'share-link' OR EXISTS (SELECT 1 FROM share_links l
        WHERE l.key = ${shareKey} AND l.site_id = st.id AND l.active = 1))`
    : sql`st.visibility <> 'share-link'`;
  const key = shareKey
    ? sql`CASE WHEN st.visibility = 'share-link' THEN ${shareKey} END`
    : sql`NULL`;
  // A list names its organization and page size: the spaces its published sites show are
  // gathered once per statement (SQLite evaluates a non-correlated subquery once), at most `cap`
  // of them, so a space outside them costs no probe; when there are `cap` or more, every row is
  // probed instead. Either way the rows read stay bounded by the page.
  const published = list
    ? sql`SELECT ps.space_id FROM sites pt JOIN site_spaces ps ON ps.site_id = pt.id
        WHERE pt.organization_id = ${list.organizationId} AND pt.published = 1 LIMIT ${list.cap}`
    : undefined;
  const shown = published
    ? sql`("spaces"."id" IN (${published}) OR (SELECT COUNT(*) FROM (${published})) >= ${list!.cap})`
    : sql`1`;
  return sql<string | null>`CASE WHEN "spaces"."deleted_at" IS NULL AND ${shown} THEN (
    SELECT json_object('site', st.id, 'proxy', st.proxy, 'hostname', st.hostname,
      'visibility', st.visibility, 'section', ${sql.raw(SECTION_SEGMENT)},
      'path', ${sql.raw(PATH_SEGMENT)}, 'key', ${key})
    FROM site_spaces ss
    JOIN sites st ON st.id = ss.site_id
    LEFT JOIN site_sections sec ON sec.id = ss.section_id AND sec.site_id = st.id
    WHERE ss.space_id = "spaces"."id" AND st.published = 1
      AND st.organization_id = "spaces"."organization_id" AND ${shareable}
    ORDER BY st.created_at, st.id, ss.created_at, ss.id
    LIMIT 1) END`;
}

/** The JSON of `publishedPlacementSql`, as a placement (undefined: published nowhere). */
export function placementFrom(json: string | null): PublishedPlacement | undefined {
  if (json === null) return undefined;
  const raw = JSON.parse(json) as {
    site: string;
    proxy: string | null;
    hostname: string | null;
    visibility: SiteRow["visibility"];
    section: string | null;
    path: string | null;
    key: string | null;
  };
  return {
    site: {
      id: raw.site,
      proxy: raw.proxy,
      hostname: raw.hostname,
      published: true,
      visibility: raw.visibility,
    },
    segments: [raw.section, raw.path].filter((s): s is string => s !== null),
    ...(raw.key !== null ? { shareKey: raw.key } : {}),
  };
}

/**
 * The published placement of one space, as a statement for the route's batch (the resolver's
 * `with`): one row read for the space, plus its site spaces.
 */
export function publishedPlacementPlan(db: Database, spaceId: string, shareKey?: string) {
  return plan(
    {
      placement: db
        .select({ json: publishedPlacementSql(shareKey).as("json") })
        .from(spaces)
        .where(eq(spaces.id, spaceId))
        .limit(1),
    },
    (r) => placementFrom(r.placement[0]?.json ?? null),
  );
}

/** `publishedPlacementSql()` as text, written once per isolate (it depends only on this module). */
const PLAIN_PLACEMENT = sql<string | null>`${sql.raw(sqlText(buildPlacement()))}`;
