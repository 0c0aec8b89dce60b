import type { SiteRedirectRow, SiteSpaceRow } from "../db/schema";
import { appendCaptured, isWildcard } from "../lib/site-redirects";
import type { SiteRedirect, SiteRedirectDestination } from "../api/site-redirects";
import { presentSection, presentSiteSpace, type StructureView } from "./site-structure";

/** The official SiteRedirect object of a stored redirect. */
export function presentSiteRedirect(row: SiteRedirectRow): SiteRedirect {
  return {
    object: "site-redirect",
    id: row.id,
    source: row.source,
    draft: row.draft,
    captureWildcard: row.captureWildcard,
    permanent: row.permanent,
    destination: row.destination as SiteRedirectDestination,
    createdAt: row.createdAt,
    ...(row.updatedAt !== null ? { updatedAt: row.updatedAt } : {}),
  };
}

const shown = (view: StructureView, condition: string | null) =>
  view.shows ? view.shows(condition) : true;

/** A site space of the view's tree the view shows (its section shown too), if any. */
function visibleSiteSpace(view: StructureView, id: string): SiteSpaceRow | undefined {
  for (const rows of view.tree.containers.values()) {
    const row = rows.find((r) => r.id === id);
    if (!row || !shown(view, row.condition)) continue;
    const section = row.sectionId ? view.tree.sections.find((s) => s.id === row.sectionId) : null;
    return section === undefined || (section && !shown(view, section.condition)) ? undefined : row;
  }
  return undefined;
}

/** The page path a `site-page` destination needs, when it names a live page. */
export type PagePath = string | null;

/**
 * The URL a redirect leads to, as the reader of the view sees the site: a section's or site
 * space's published URL, a page's (its site space's URL and the page's path), or the external
 * URL; with the captured rest of a wildcard source appended when the redirect captures. Undefined
 * when the destination is not (or no longer) in the site as the view shows it.
 */
export function redirectTarget(
  view: StructureView,
  row: SiteRedirectRow,
  rest: string,
  pagePath: PagePath,
): string | undefined {
  const destination = row.destination as SiteRedirectDestination;
  let base: string | undefined;
  if (destination.kind === "external") base = destination.url;
  else if (destination.kind === "site-section") {
    const section = view.tree.sections.find((s) => s.id === destination.siteSectionId);
    base =
      section && shown(view, section.condition)
        ? presentSection(view, section).urls.published
        : undefined;
  } else {
    const siteSpace = visibleSiteSpace(view, destination.siteSpaceId);
    const url = siteSpace ? presentSiteSpace(view, siteSpace).urls.published : undefined;
    if (destination.kind === "site-space") base = url;
    else if (url && pagePath !== null) base = joinPath(url, pagePath);
  }
  if (base === undefined) return undefined;
  return row.captureWildcard && isWildcard(row.source)
    ? appendCaptured(base, row.source, rest)
    : base;
}

/** A page path under a published URL (its query, a share key, kept). */
function joinPath(url: string, path: string): string {
  const parsed = new URL(url);
  const encoded = path.split("/").map(encodeURIComponent).join("/");
  parsed.pathname = `${parsed.pathname.replace(/\/+$/, "")}/${encoded}`;
  return parsed.toString();
}
