import { and, eq, getTableColumns, isNull, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv, SiteGrant } from "../env";
import type { SiteRow, SpaceRow } from "../db/schema";
import { openapiSpecs, sites, spaces } from "../db/schema/index";
import { preparedSelect, type Params } from "../db/prepared";
import { runBoth, type NoStatements, type Results, type Statements } from "../db/plan";
import { notFound } from "../lib/errors";
import { weakMemo } from "../../core/memory/memos";

/**
 * Site API tokens as readers (docs/compatibility.md, "Reading published content"): the grant
 * was verified without D1 by the middleware; whether it still holds — the site published, at the
 * publication version the token was minted at — is checked in the statement that reads the
 * site or the space, in the route's own round trip. Anything outside the grant is the 404 of
 * something that does not exist.
 */

/** The grant of the request's site API token, or null for any other caller. */
export function siteGrantOf(c: Context<AppEnv>): SiteGrant | null {
  return c.get("caller").site ?? null;
}

/** The share key a site token was minted with (share-link sites), for published URLs. */
export function siteKeyOf(c: Context<AppEnv>): string | undefined {
  return c.get("caller").site?.shareKey;
}

/**
 * The change request a member's preview token covers in `spaceId` (issue 34, finding 2): the
 * one the preview URL named, in the space it resolved to; null for any other space, and for
 * every site token that is not a preview of a change request.
 */
export function previewedChangeRequest(grant: SiteGrant, spaceId: string): string | null {
  const preview = grant.draft ? grant.preview : undefined;
  return preview?.space === spaceId ? (preview.changeRequest ?? null) : null;
}

/** The revision a member's preview token covers in `spaceId` (a `~/revisions/<id>` preview). */
export function previewedRevision(grant: SiteGrant, spaceId: string): string | null {
  const preview = grant.draft ? grant.preview : undefined;
  return preview?.space === spaceId ? (preview.revision ?? null) : null;
}

/**
 * SQL: the site `siteId` is published at publication version `version` — the one form of "this
 * site token still holds", for every statement that reads through a grant.
 */
function grantHoldsSql(siteId: SQL | string, version: SQL | number): SQL {
  return sql`${sites.id} = ${siteId} AND ${sites.published} = 1 AND ${sites.publicationVersion} = ${version}`;
}

/** The granted site, when the grant still holds (one statement, written once per isolate). */
const GRANTED_SITE = preparedSelect(
  () => getTableColumns(sites),
  (select, p: Params<"site" | "org" | "version">) =>
    select
      .from(sites)
      .where(
        and(
          grantHoldsSql(sql`${p("site")}`, sql`${p("version")}`),
          eq(sites.organizationId, p("org")),
        ),
      )
      .limit(1),
);

/**
 * The site of a site token's grant, with the statements of `with` in the same round trip: 404
 * "Site not found" unless the token was minted for this site of this organization and still
 * holds.
 */
export async function resolveGrantedSite<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  grant: SiteGrant,
  organizationId: string,
  siteId: string,
  options: { with?: S } = {},
): Promise<{ site: SiteRow; results: Results<S> }> {
  if (grant.site !== siteId || grant.organization !== organizationId) throw notFound("Site");
  const statement = GRANTED_SITE.bind(c.get("db"), {
    site: siteId,
    org: organizationId,
    version: grant.publicationVersion,
  });
  const { own, extra } = await runBoth(c.get("db"), { site: statement }, options.with);
  const site = own.site[0];
  if (!site) throw notFound("Site");
  return { site, results: extra };
}

/**
 * SQL: the space row `spaceId` is published by the granted site while the grant holds (the site
 * space may have been removed since the token was minted).
 */
function grantedSpaceSql(p: Params<"space" | "site" | "version">): SQL {
  return sql`${spaces.id} = ${p("space")} AND ${isNull(spaces.deletedAt)} AND EXISTS (
    SELECT 1 FROM site_spaces ss JOIN sites ON ${sites.id} = ss.site_id
    WHERE ss.space_id = ${spaces.id} AND ${grantHoldsSql(sql`${p("site")}`, sql`${p("version")}`)})`;
}

/** The granted space's statement around a route's column, written once per column. */
function grantedSpaceSelect(column: SQL) {
  return preparedSelect(
    () => ({ space: spaces, column: sql`${column}`.as("space_column") }),
    (select, p: Params<"space" | "site" | "version">) =>
      select.from(spaces).where(grantedSpaceSql(p)).limit(1),
  );
}

/** The granted space's statement without a route column. */
const GRANTED_SPACE = grantedSpaceSelect(sql.raw("NULL"));

/**
 * Granted space statements by the route's column: a column that is a constant of the code keeps
 * its statement for the isolate's life; one made per request is written with it and dropped
 * with it (as the member's access statements, src/auth/access-rows.ts).
 */
const GRANTED_SPACE_WITH_COLUMN = weakMemo<SQL, typeof GRANTED_SPACE>("granted space statements");

/** The granted space statement for a route's column (none: `GRANTED_SPACE`). */
function grantedSpaceStatement(column: SQL | undefined): typeof GRANTED_SPACE {
  if (!column) return GRANTED_SPACE;
  let statement = GRANTED_SPACE_WITH_COLUMN.get(column);
  if (!statement) GRANTED_SPACE_WITH_COLUMN.set(column, (statement = grantedSpaceSelect(column)));
  return statement;
}

/**
 * SQL over `spaces`: the state of its organization's API specs that a page read renders from —
 * each spec's slug and live version, in slug order ("" without specs). Computed pages and
 * `openapi-*` blocks render from a spec's latest version, so a page of a revision reads the same
 * only while this stays the same (src/middleware/reader-cache.ts).
 */
const SPEC_STATE = sql`(SELECT coalesce(group_concat(spec, ','), '') FROM (
  SELECT ${openapiSpecs.slug} || '=' || coalesce(${openapiSpecs.lastVersionId}, '') AS spec
  FROM ${openapiSpecs} WHERE ${openapiSpecs.organizationId} = ${spaces.organizationId}
  ORDER BY ${openapiSpecs.slug}))`;

/**
 * The space of a site-token GET whose route declares it fixed by its revision
 * (`fixedByRevision()`, src/http/route-facts.ts: a revision's page tree, pages, page documents,
 * pages by path and files; docs/compatibility.md, "Reader caching"); null otherwise.
 */
export function revisionFixedRead(c: Context<AppEnv>): string | null {
  const segment = c.get("route").fixedSpaceSegment;
  if (segment === null || c.req.method !== "GET" || !c.get("caller").site) return null;
  return c.req.path.split("/")[segment] ?? null;
}

/**
 * The spec state the request's grant check read (`resolveGrantedSpace` reads it for the reads of
 * `revisionFixedRead`), or undefined when it did not.
 */
export function specStateOf(c: Context<AppEnv>): string | undefined {
  return c.get("revisionSpecState");
}

/**
 * The grant check of a revision-fixed read alone, with its spec state: what answering "not
 * modified" needs, without reading the content. 404 as the read itself when the grant no longer
 * holds.
 */
export async function grantedSpecState(
  c: Context<AppEnv>,
  grant: SiteGrant,
  spaceId: string,
): Promise<string> {
  const { column } = await resolveGrantedSpace(c, grant, spaceId, { column: SPEC_STATE });
  return String(column ?? "");
}

/**
 * A space through a site token's grant, with the statements of `with` in the same round trip:
 * the space must be among the grant's spaces (adaptive conditions were applied when the token
 * was minted) and still published by the site at the grant's version; 404 "Space not found"
 * otherwise, exactly as for a space that does not exist. `column` is the route's own value
 * about the space (SQL over `spaces`), read back as `column`.
 */
export async function resolveGrantedSpace<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  grant: SiteGrant,
  spaceId: string,
  options: { with?: S; column?: SQL } = {},
): Promise<{ space: SpaceRow; results: Results<S>; column: unknown }> {
  if (!grant.spaces.includes(spaceId)) throw notFound("Space");
  const db = c.get("db");
  // A revision-fixed read also reads its spec state, for its ETag (src/middleware/reader-cache.ts).
  const records = !options.column && revisionFixedRead(c) === spaceId;
  const column = records ? SPEC_STATE : options.column;
  const statement = grantedSpaceStatement(column).bind(db, {
    space: spaceId,
    site: grant.site,
    version: grant.publicationVersion,
  });
  const { own, extra } = await runBoth(db, { space: statement }, options.with);
  const row = own.space[0];
  if (!row) throw notFound("Space");
  if (records) c.set("revisionSpecState", String(row.column ?? ""));
  return { space: row.space, results: extra, column: records ? null : row.column };
}
