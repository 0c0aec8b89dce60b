import type { SpaceRow } from "../../db/schema";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { runStatements, type Results, type Statements } from "../../db/plan";
import { siteSections, siteSpaces, spaces } from "../../db/schema/index";
import { mainPointer } from "../../content/pointers";
import { pageByIdPlan } from "../content/page-reads";
import { readPageByPath } from "../content/reads";
import type {
  SiteRedirectDestination,
  SiteRedirectInputDestination,
} from "../../api/site-redirects";

/**
 * The references a redirect's destination may name, read with the access check: the site's
 * sections, and its site spaces with their (not deleted) spaces. A destination is checked
 * against these, and a page against the head of its space's main content (what the site
 * publishes), so one rule serves a single write and the bulk upsert.
 */
export function siteRefStatements(db: Database, siteId: string) {
  return {
    refSections: db
      .select({ id: siteSections.id })
      .from(siteSections)
      .where(eq(siteSections.siteId, siteId)),
    refSiteSpaces: db
      // Aliased: D1 rows are keyed by column name, and both tables have an `id`.
      .select({ siteSpaceId: sql<string>`${siteSpaces.id}`.as("site_space_id"), space: spaces })
      .from(siteSpaces)
      .innerJoin(spaces, eq(spaces.id, siteSpaces.spaceId))
      .where(and(eq(siteSpaces.siteId, siteId), isNull(spaces.deletedAt))),
  };
}

/** The site's references, as the checks read them. */
export interface SiteRefs {
  sections: ReadonlySet<string>;
  /** Site space id → its space. */
  siteSpaces: ReadonlyMap<string, SpaceRow>;
}

/** The references from the results of `siteRefStatements`. */
export function siteRefsFrom(results: Results<ReturnType<typeof siteRefStatements>>): SiteRefs {
  return {
    sections: new Set(results.refSections.map((r) => r.id)),
    siteSpaces: new Map(results.refSiteSpaces.map((r) => [r.siteSpaceId, r.space])),
  };
}

/** A checked destination, or what is wrong with it (the field under the destination, a rule). */
export type CheckedDestination =
  | { ok: true; destination: SiteRedirectDestination }
  | { ok: false; field: string; rule: string };

const refused = (field: string, rule: string): CheckedDestination => ({ ok: false, field, rule });

/** Checks what needs no page read; a page check left to do otherwise. */
type FirstPass =
  | CheckedDestination
  | { ok: "page"; siteSpaceId: string; space: SpaceRow; pageId: string }
  | { ok: "path"; siteSpaceId: string; space: SpaceRow; path: string };

function firstPass(refs: SiteRefs, input: SiteRedirectInputDestination): FirstPass {
  switch (input.kind) {
    case "external":
      return { ok: true, destination: input };
    case "site-section":
      return refs.sections.has(input.siteSectionId)
        ? { ok: true, destination: input }
        : refused("siteSectionId", "no such section in this site");
    case "site-space":
      return refs.siteSpaces.has(input.siteSpaceId)
        ? { ok: true, destination: input }
        : refused("siteSpaceId", "no such site space in this site");
    case "site-page": {
      const space = refs.siteSpaces.get(input.siteSpaceId);
      if (!space) return refused("siteSpaceId", "no such site space in this site");
      return { ok: "page", siteSpaceId: input.siteSpaceId, space, pageId: input.pageId };
    }
    case "path": {
      const found = [...refs.siteSpaces].find(([, space]) => space.id === input.spaceId);
      if (!found) return refused("spaceId", "no site space of this site publishes this space");
      return { ok: "path", siteSpaceId: found[0], space: found[1], path: input.path };
    }
  }
}

/** The path segments of a page path (`/a/b/` → a, b). */
const segmentsOf = (path: string) => path.split("/").filter((s) => s.length > 0);

/**
 * Checks destinations against the site's references: sections and site spaces must be the
 * site's, pages must be live at the head of their space's main content; a `path` destination
 * becomes the `site-page` it names. Page reads by id run in one round trip; a path is one round
 * trip of its own.
 */
export async function checkDestinations(
  db: Database,
  refs: SiteRefs,
  inputs: readonly SiteRedirectInputDestination[],
): Promise<CheckedDestination[]> {
  const first = inputs.map((input) => firstPass(refs, input));
  const byId: Statements = {};
  const finishers = new Map<number, (results: Record<string, unknown>) => boolean>();
  first.forEach((item, i) => {
    if (item.ok !== "page") return;
    const p = pageByIdPlan(db, { kind: "main-head", spaceId: item.space.id }, item.pageId);
    for (const [name, statement] of Object.entries(p.statements)) byId[`${i}.${name}`] = statement;
    finishers.set(i, (all) => {
      const own = Object.fromEntries(
        Object.keys(p.statements).map((name) => [name, all[`${i}.${name}`]]),
      );
      return p.finish(own as Parameters<typeof p.finish>[0]) !== null;
    });
  });
  const pageResults: Record<string, unknown> =
    Object.keys(byId).length > 0 ? await runStatements(db, byId) : {};
  return Promise.all(
    first.map(async (item, i): Promise<CheckedDestination> => {
      if (item.ok === "page") {
        return finishers.get(i)!(pageResults)
          ? {
              ok: true,
              destination: {
                kind: "site-page",
                siteSpaceId: item.siteSpaceId,
                pageId: item.pageId,
              },
            }
          : refused("pageId", "no such page in the site space's content");
      }
      if (item.ok === "path") {
        const segments = segmentsOf(item.path);
        const org = item.space.organizationId;
        const placed = await readPageByPath(db, mainPointer(item.space), segments, org);
        if (!placed) return refused("path", "no page has this path in the space's content");
        const pageId = placed.node.row.pageId;
        return {
          ok: true,
          destination: { kind: "site-page", siteSpaceId: item.siteSpaceId, pageId },
        };
      }
      return item;
    }),
  );
}

/**
 * The path of a page live at the head of a space's main content (what a site publishes), for a
 * redirect's target; null when the page is gone.
 */
export async function livePagePath(
  db: Database,
  space: SpaceRow,
  pageId: string,
): Promise<string | null> {
  const p = pageByIdPlan(db, { kind: "main-head", spaceId: space.id }, pageId);
  const placed = p.finish(await runStatements(db, p.statements));
  return placed ? placed.node.path : null;
}
