import type { SiteSpaceRow } from "../../db/schema";
import type { SiteSearchRequest, SiteSearchScope } from "../../api/search";
import type { SiteTree } from "../sites/tree";
import type { KeepPage } from "./space-search";
import { PLACE_FORMAT } from "./page-places";

/**
 * Most spaces one site search ranks together: the search statement names each one's index key,
 * so a site with more searchable site spaces is searched in its first ones, in structure order.
 */
const MAX_SITE_SEARCH_SPACES = 100;

/** Shows an item with this adaptive condition to the reader; absent: everything is shown. */
type Shows = ((condition: string | null) => boolean) | undefined;

/**
 * The scope of a site search body: its `scope`, else the deprecated forms (`siteSpaceIds`,
 * `mode: current` with `siteSpaceId`, `mode: all`), else the default scope.
 */
export function siteSearchScope(body: SiteSearchRequest): SiteSearchScope {
  if (body.scope) return body.scope;
  if (body.siteSpaceIds) return { mode: "specific", siteSpaceIds: body.siteSpaceIds };
  if (body.mode === "current" && body.siteSpaceId) {
    return { mode: "default", currentSiteSpace: body.siteSpaceId };
  }
  if (body.mode === "all") return { mode: "all" };
  return { mode: "default" };
}

/**
 * The site spaces the reader may search: a member those whose space they can read, a visitor
 * (no membership) every one the site publishes; for a visitor of an adaptive site, only those
 * whose condition, and whose section's, hold for their claims.
 */
function searchableSiteSpaces(tree: SiteTree, member: boolean, shows: Shows): SiteSpaceRow[] {
  const sections = new Map(tree.sections.map((s) => [s.id, s]));
  return tree.siteSpaces.filter((row) => {
    const entry = tree.spaces.get(row.spaceId);
    if (!entry || (member && entry.role === null)) return false;
    if (!shows) return true;
    const section = row.sectionId ? sections.get(row.sectionId) : undefined;
    return shows(row.condition) && (!section || shows(section.condition));
  });
}

/**
 * The default scope: each container's (section's, or the root's) default site space, or the one
 * in the current site space's language when the current one has a language; the current site
 * space always, first.
 */
function defaultScope(tree: SiteTree, rows: SiteSpaceRow[], current: SiteSpaceRow | undefined) {
  const language = current ? (tree.spaces.get(current.spaceId)?.space.language ?? null) : null;
  const containers = [...new Set(rows.map((r) => r.containerId))];
  const picked = containers.flatMap((containerId) => {
    if (current?.containerId === containerId) return [];
    const inside = rows.filter((r) => r.containerId === containerId);
    const sameLanguage = language
      ? inside.find((r) => tree.spaces.get(r.spaceId)?.space.language === language)
      : undefined;
    const byDefault = inside.find((r) => tree.defaultSiteSpaces.get(containerId) === r.id);
    return [sameLanguage ?? byDefault ?? inside[0]].filter((r) => r !== undefined);
  });
  return current ? [current, ...picked] : picked;
}

/** The site spaces a scope selects among those the reader may search, in structure order. */
function scopedSiteSpaces(tree: SiteTree, rows: SiteSpaceRow[], scope: SiteSearchScope) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (scope.mode === "all") return rows;
  if (scope.mode === "specific") {
    const wanted = new Set(scope.siteSpaceIds);
    return rows.filter((r) => wanted.has(r.id));
  }
  const current = scope.currentSiteSpace ? byId.get(scope.currentSiteSpace) : undefined;
  if (scope.restrictTo === "currentSiteSpace") return current ? [current] : [];
  const chosen = defaultScope(tree, rows, current);
  return scope.restrictTo === "otherSiteSpaces" ? chosen.filter((r) => r !== current) : chosen;
}

/**
 * The spaces a site search ranks (ids, each once, at most MAX_SITE_SEARCH_SPACES) and their
 * titles: the site spaces of the scope that the reader may search. Unknown or hidden site space
 * ids in the scope select nothing, exactly as ids that do not exist.
 */
export function siteSearchSpaces(
  tree: SiteTree,
  reader: { member: boolean; shows: Shows },
  scope: SiteSearchScope,
): { spaceIds: string[]; titles: Map<string, string> } {
  const rows = scopedSiteSpaces(
    tree,
    searchableSiteSpaces(tree, reader.member, reader.shows),
    scope,
  );
  const spaceIds = [...new Set(rows.map((r) => r.spaceId))].slice(0, MAX_SITE_SEARCH_SPACES);
  const titles = new Map(spaceIds.map((id) => [id, tree.spaces.get(id)?.space.title ?? ""]));
  return { spaceIds, titles };
}

/**
 * The pages a visitor of an adaptive site finds: those whose own and ancestors' conditions all
 * hold for their claims (the index stores them with each page). A page indexed before places
 * carried conditions is hidden until re-indexed (it may have one; such pages are only in
 * indexes written before tags, which are rebuilt when found). Undefined: every page.
 */
export function keepForVisitor(shows: Shows): KeepPage | undefined {
  if (!shows) return undefined;
  return ({ place }) =>
    (place.v ?? 0) >= PLACE_FORMAT &&
    (place.conditions ?? []).every((condition) => shows(condition));
}
