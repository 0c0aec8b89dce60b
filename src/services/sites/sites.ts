import type { SiteRow, SpaceRow } from "../../db/schema";
import { nextPublication } from "./publication";
import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plan, runStatements } from "../../db/plan";
import {
  contentGrants,
  organizations,
  siteAuth,
  siteCounters,
  siteSections,
  sites,
  type SiteType,
  type SiteVisibility,
} from "../../db/schema/index";

import { UnknownReference } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { newVisitorKey } from "./visitor-auth";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { UpdateSiteInput } from "../../api/sites";
import { insertSiteSpaces, newSiteSpaceRows } from "./structure";
import { defaultSectionId, siteSpacesIn, type SiteTree } from "./tree";
import {
  addressClaimsOf,
  addressesHeldQuery,
  claimStatements,
  refuseTakenAddresses,
  type HeldAddress,
} from "./addresses";

/** The filters of the site list. */
interface SiteListFilter {
  title?: string;
  space?: string;
  published?: boolean;
  types?: SiteType[];
}

/**
 * "`column` contains `text`", case-insensitively. `instr`, not `LIKE`: D1 refuses LIKE patterns
 * over 50 bytes ("LIKE or GLOB pattern too complex", a 500), and nothing needs escaping.
 */
export function containsText(column: SQL | SQLiteColumn, text: string): SQL {
  return sql`instr(${column}, ${text.toLowerCase()}) > 0`;
}

function siteListWhere(orgId: string, filter: SiteListFilter): SQL {
  const parts: SQL[] = [eq(sites.organizationId, orgId)];
  if (filter.title) {
    parts.push(containsText(sites.titleLower, filter.title));
  }
  if (filter.published !== undefined) parts.push(eq(sites.published, filter.published));
  if (filter.types?.length) parts.push(inArray(sites.type, filter.types));
  if (filter.space) {
    parts.push(
      sql`EXISTS (SELECT 1 FROM site_spaces ss WHERE ss.site_id = ${sites.id} AND ss.space_id = ${filter.space})`,
    );
  }
  return and(...parts)!;
}

/** Whether the list is filtered (a filtered list counts with COUNT, else the counter). */
function isFiltered(filter: SiteListFilter): boolean {
  return Boolean(
    filter.title || filter.space || filter.published !== undefined || filter.types?.length,
  );
}

/** One page of an organization's sites, oldest first (created_at, id). */
function sitesPageQuery(
  db: Database,
  input: { orgId: string; filter: SiteListFilter; limit: number; after?: CursorKey },
) {
  const where = siteListWhere(input.orgId, input.filter);
  return db
    .select()
    .from(sites)
    .where(input.after ? and(where, keysetAfter([sites.createdAt, sites.id], input.after)) : where)
    .orderBy(asc(sites.createdAt), asc(sites.id))
    .limit(input.limit + 1);
}

/** The exact count of a (filtered or not) site list. */
function sitesCountQuery(db: Database, orgId: string, filter: SiteListFilter) {
  if (!isFiltered(filter)) {
    return db
      .select({ n: siteCounters.sitesCount })
      .from(siteCounters)
      .where(eq(siteCounters.organizationId, orgId));
  }
  return db.select({ n: count() }).from(sites).where(siteListWhere(orgId, filter));
}

/** One page of an organization's sites (limit + 1 rows) and the list's count, as a plan. */
export function siteListPlan(
  db: Database,
  input: { orgId: string; filter: SiteListFilter; limit: number; after?: CursorKey },
) {
  return plan(
    {
      rows: sitesPageQuery(db, input),
      count: sitesCountQuery(db, input.orgId, input.filter),
    },
    (r) => ({ rows: r.rows, count: r.count[0]?.n ?? 0 }),
  );
}

/**
 * Creates a site, its visitor-auth key and one root site space per space, and counts it, in one
 * batch. Returns the stored row.
 */
export async function createSite(
  db: Database,
  input: {
    organizationId: string;
    createdBy: string;
    type: SiteType;
    title: string;
    visibility: SiteVisibility;
    spaces: SpaceRow[];
  },
): Promise<SiteRow> {
  const now = nowIso();
  const id = newId();
  const site: typeof sites.$inferInsert = {
    id,
    organizationId: input.organizationId,
    type: input.type,
    title: input.title,
    titleLower: input.title.toLowerCase(),
    visibility: input.visibility,
    siteSpacesCount: input.spaces.length,
    createdBy: input.createdBy,
    createdAt: now,
    updatedAt: now,
  };
  const rows = newSiteSpaceRows({ siteId: id, sectionId: null }, input.spaces, [], null);
  // The first site space is the default one explicitly, so reordering does not change it.
  site.defaultSiteSpaceId = rows[0]?.id ?? null;
  const results = await db.batch([
    db.insert(sites).values(site),
    db.insert(siteAuth).values({ siteId: id, privateKey: newVisitorKey(), updatedAt: now }),
    db
      .insert(siteCounters)
      .values({ organizationId: input.organizationId, sitesCount: 1 })
      .onConflictDoUpdate({
        target: siteCounters.organizationId,
        set: { sitesCount: sql`${siteCounters.sitesCount} + 1` },
      }),
    ...insertSiteSpaces(db, rows),
    db.select().from(sites).where(eq(sites.id, id)),
  ]);
  return (results[results.length - 1] as SiteRow[])[0]!;
}

/**
 * Applies a site update in one batch (the site row, its address claims, and the default
 * section's default site space when `defaultSiteSpace` names one in a section). 409 when a host
 * name or proxy is another site's address, or the deployment's (`addresses`: other sites' rows
 * read with the access check, `addressesHeldQuery`, and the deployment's own addresses).
 */
export async function updateSite(
  db: Database,
  tree: SiteTree,
  input: UpdateSiteInput,
  addresses: { held: readonly HeldAddress[]; deployment: readonly string[] },
): Promise<SiteRow> {
  const { site } = tree;
  const set: Partial<typeof sites.$inferInsert> = { updatedAt: nowIso() };
  if (input.title !== undefined)
    Object.assign(set, { title: input.title, titleLower: input.title.toLowerCase() });
  if (input.visibility !== undefined) set.visibility = input.visibility;
  if (input.basename !== undefined) set.basename = input.basename;
  if (input.agentsContext !== undefined) set.agentsContext = input.agentsContext;
  if (input.defaultLevel !== undefined) set.defaultLevel = input.defaultLevel ?? "inherit";
  if (input.adaptiveContent !== undefined) set.adaptiveContent = input.adaptiveContent.enabled;
  if (input.proxy !== undefined) set.proxy = input.proxy;
  // Who may read, or what they are shown, changes: tokens minted before stop working.
  if (input.visibility !== undefined || input.adaptiveContent !== undefined) {
    Object.assign(set, nextPublication());
  }
  const claims = addressClaimsOf(input);
  refuseTakenAddresses(claims, addresses.held, addresses.deployment);
  if (input.hostname !== undefined) set.hostname = input.hostname;
  let sectionDefault: { sectionId: string; siteSpaceId: string } | null = null;
  let defaultSection = defaultSectionId(tree);
  if (input.defaultSiteSection !== undefined) {
    if (!tree.sections.some((s) => s.id === input.defaultSiteSection)) {
      throw new UnknownReference("defaultSiteSection", "no such section in this site");
    }
    set.defaultSectionId = input.defaultSiteSection;
    defaultSection = input.defaultSiteSection;
  }
  if (input.defaultSiteSpace !== undefined) {
    const container = tree.sections.length > 0 ? defaultSection : site.id;
    const found =
      container && siteSpacesIn(tree, container).some((r) => r.id === input.defaultSiteSpace);
    if (!found || !container) {
      throw new UnknownReference(
        "defaultSiteSpace",
        "not a site space at the root or in the default section",
      );
    }
    if (container === site.id) set.defaultSiteSpaceId = input.defaultSiteSpace;
    else sectionDefault = { sectionId: container, siteSpaceId: input.defaultSiteSpace };
  }
  const update = db.update(sites).set(set).where(eq(sites.id, site.id)).returning();
  const section = sectionDefault
    ? [
        db
          .update(siteSections)
          .set({ defaultSiteSpaceId: sectionDefault.siteSpaceId })
          .where(eq(siteSections.id, sectionDefault.sectionId)),
      ]
    : [];
  try {
    const [rows] = await db.batch([update, ...section, ...claimStatements(db, site.id, claims)]);
    return rows[0] ?? site;
  } catch (err) {
    // Another site claimed the address between the check and the write: its batch won.
    if (claims.length > 0) {
      const { held } = await runStatements(db, { held: addressesHeldQuery(db, site.id, claims) });
      refuseTakenAddresses(claims, held, []);
    }
    throw err;
  }
}

/** Publishes or unpublishes a site; returns the stored row. */
export async function setPublished(
  db: Database,
  site: SiteRow,
  published: boolean,
): Promise<SiteRow> {
  const [row] = await db
    .update(sites)
    .set({ published, updatedAt: nowIso(), ...nextPublication() })
    .where(eq(sites.id, site.id))
    .returning();
  return row ?? site;
}

/**
 * Deletes a site (its structure, share links and settings go with it by foreign key), keeps the
 * organization's site counter exact and clears the organization's default content if it was this
 * site, in one batch. Deleting an absent site changes nothing.
 */
export async function deleteSite(db: Database, organizationId: string, siteId: string) {
  const mine = sql`EXISTS (SELECT 1 FROM sites WHERE id = ${siteId} AND organization_id = ${organizationId})`;
  await db.batch([
    // The site's grants (src/auth/site-role.ts) go with it.
    db
      .delete(contentGrants)
      .where(
        and(eq(contentGrants.resourceType, "site"), eq(contentGrants.resourceId, siteId), mine),
      ),
    db.delete(sites).where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId))),
    db
      .update(siteCounters)
      .set({ sitesCount: sql`${siteCounters.sitesCount} - changes()` })
      .where(eq(siteCounters.organizationId, organizationId)),
    db
      .update(organizations)
      .set({ defaultContentSite: null })
      .where(
        and(eq(organizations.id, organizationId), eq(organizations.defaultContentSite, siteId)),
      ),
  ]);
}
