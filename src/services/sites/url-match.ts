import type { SectionRow, SiteSpaceRow, SpaceRow } from "../../db/schema";
import type { SiteTree } from "./tree";

/**
 * Where the path of a URL under a site's base lands in the site's structure, as GitBook's
 * renderer addresses it: an optional section path (the default section has none), then an
 * optional site-space path (the default site space of the container has none), then the page
 * path. Items an adaptive condition hides for this visitor are skipped as if absent. Pure: the
 * tree is read, never changed.
 */
export interface StructureMatch {
  section: SectionRow | null;
  siteSpace: SiteSpaceRow;
  space: SpaceRow;
  /** The path segments consumed by the section and the site space (for `basePath`). */
  consumed: string[];
  /** The page path left (segments joined by "/", no leading slash). */
  pathname: string;
  /** Every space the site shows this visitor, across its sections (the token's `spaces`). */
  visibleSpaces: string[];
}

/** An item's condition filter: true when shown (no filter: everything shows). */
type Shows = ((condition: string | null) => boolean) | undefined;

/** The first of `items` the filter shows, preferring the one with id `preferred`. */
function firstShown<T extends { id: string; condition: string | null }>(
  items: readonly T[],
  preferred: string | null | undefined,
  shows: Shows,
): T | null {
  const visible = shows ? items.filter((item) => shows(item.condition)) : items;
  return visible.find((item) => item.id === preferred) ?? visible[0] ?? null;
}

/** The site spaces of a container that have a live space, in order. */
function containerSpaces(tree: SiteTree, containerId: string): SiteSpaceRow[] {
  return (tree.containers.get(containerId) ?? []).filter((row) => tree.spaces.has(row.spaceId));
}

/** Every space the visitor may read: shown site spaces in shown sections (or at the root). */
function visibleSpaces(tree: SiteTree, shows: Shows): string[] {
  const containers =
    tree.sections.length > 0
      ? tree.sections.filter((s) => !shows || shows(s.condition)).map((s) => s.id)
      : [tree.site.id];
  const out = new Set<string>();
  for (const id of containers) {
    for (const row of containerSpaces(tree, id)) {
      if (!shows || shows(row.condition)) out.add(row.spaceId);
    }
  }
  return [...out];
}

/**
 * Matches the segments after the site's base against its structure; null when nothing there
 * can show content to this visitor (no section or site space visible).
 */
export function matchStructure(
  tree: SiteTree,
  segments: readonly string[],
  shows: Shows,
): StructureMatch | null {
  const rest = [...segments];
  const consumed: string[] = [];
  let section: SectionRow | null = null;
  if (tree.sections.length > 0) {
    const fallback = firstShown(tree.sections, tree.defaultSection, shows);
    const named = tree.sections.find(
      (s) => s.id !== fallback?.id && s.path === rest[0] && (!shows || shows(s.condition)),
    );
    section = named ?? fallback;
    if (!section) return null;
    if (named) consumed.push(rest.shift()!);
  }
  const container = section?.id ?? tree.site.id;
  const rows = containerSpaces(tree, container);
  const fallback = firstShown(rows, tree.defaultSiteSpaces.get(container), shows);
  const named = rows.find(
    (r) => r.id !== fallback?.id && r.path === rest[0] && (!shows || shows(r.condition)),
  );
  const siteSpace = named ?? fallback;
  if (!siteSpace) return null;
  if (named) consumed.push(rest.shift()!);
  const space = tree.spaces.get(siteSpace.spaceId)!.space;
  return {
    section,
    siteSpace,
    space,
    consumed,
    pathname: rest.join("/"),
    visibleSpaces: visibleSpaces(tree, shows),
  };
}
