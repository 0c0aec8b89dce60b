import type {
  PublishedContentSite,
  Revision,
  SiteExternalLink,
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
} from "@gitbook/api";
import { hrefsOf } from "../site/hrefs";
import { currentTree, type SiteContext } from "../site/context";
import { localHref } from "../site/site-view";
import { targetsOf, type MarkdownTargets } from "./page-markdown";
import { pageHref, type Hrefs, type PageTree, type TreeEntry, markdownHref } from "../site/tree";

/**
 * The site spaces a machine address lists (every section's variants, in the structure's order)
 * and their readable pages with absolute URLs: the resolved site space reads its own tree, any
 * other reads its space's current revision with the site token.
 */

/** A site space of the published structure, as the machine addresses list it. */
export interface ListedSiteSpace {
  siteSpace: SiteSpace;
  /** "Section", "Section / Variant" or "Variant": what names it among the others. */
  heading: string;
  description?: string;
}

/** A readable page with its addresses. */
export interface ListedPage {
  entry: TreeEntry;
  title: string;
  description?: string;
  /** The page's absolute URL. */
  url: string;
  /** The absolute URL of its markdown twin. */
  markdownUrl: string;
  /** When it last changed: the page's `updatedAt`, else its revision's `createdAt`. */
  lastmod?: string;
}

/** A site space's revision and its readable pages. */
export interface SpacePages {
  spaceId: string;
  revision: Revision;
  tree: PageTree;
  hrefs: Hrefs;
  pages: ListedPage[];
}

type Item = SiteSection | SiteSectionGroup | SiteExternalLink;

/** Every site space of the structure that shows in navigation, in order. */
export function listedSiteSpaces(published: PublishedContentSite): ListedSiteSpace[] {
  const structure = published.structure;
  const shown = (rows: SiteSpace[]) => rows.filter((row) => row.hidden !== true);
  if (structure.type === "siteSpaces") {
    return shown(structure.structure).map((siteSpace) => ({ siteSpace, heading: siteSpace.title }));
  }
  const listed: ListedSiteSpace[] = [];
  const collect = (items: Item[]) => {
    for (const item of items) {
      if (item.object === "site-section-group") collect(item.children ?? item.sections);
      if (item.object !== "site-section") continue;
      const rows = shown(item.siteSpaces);
      for (const siteSpace of rows) {
        listed.push({
          siteSpace,
          heading: rows.length > 1 ? `${item.title} / ${siteSpace.title}` : item.title,
          ...(item.description ? { description: item.description } : {}),
        });
      }
    }
  };
  collect(structure.structure);
  return listed;
}

/** A tree's readable pages with absolute URLs on the request's origin. */
function readablePages(
  tree: PageTree,
  revision: Revision,
  hrefs: Hrefs,
  requestUrl: URL,
): ListedPage[] {
  return tree.readable.map((entry) => {
    const page = entry.page;
    const description = "description" in page && page.description ? page.description : undefined;
    const updatedAt =
      "updatedAt" in page && typeof page.updatedAt === "string" ? page.updatedAt : undefined;
    const lastmod = updatedAt ?? revision.createdAt;
    return {
      entry,
      title: page.title,
      ...(description ? { description } : {}),
      url: new URL(pageHref(tree, entry, hrefs), requestUrl).toString(),
      markdownUrl: new URL(markdownHref(tree, entry, hrefs), requestUrl).toString(),
      ...(lastmod ? { lastmod } : {}),
    };
  });
}

/** The pages of the resolved site space. */
export function currentSpacePages(ctx: SiteContext, requestUrl: URL): SpacePages {
  const hrefs = hrefsOf(ctx);
  return {
    spaceId: ctx.content.space,
    revision: ctx.revision,
    tree: ctx.tree,
    hrefs,
    pages: readablePages(ctx.tree, ctx.revision, hrefs, requestUrl),
  };
}

/**
 * The pages of a listed site space: the resolved one's own, another's from its space's current
 * revision. Undefined when it has no published URL.
 */
export async function spacePagesOf(
  ctx: SiteContext,
  listed: ListedSiteSpace,
  requestUrl: URL,
): Promise<SpacePages | undefined> {
  if (listed.siteSpace.id === ctx.content.siteSpace) return currentSpacePages(ctx, requestUrl);
  const href = localHref(listed.siteSpace.urls.published, requestUrl);
  if (!href) return undefined;
  const spaceId = listed.siteSpace.space.id;
  const { revision, tree } = await currentTree(ctx, spaceId);
  const hrefs: Hrefs = { spacePath: href.replace(/\/+$/, ""), link: () => undefined };
  const pages = readablePages(tree, revision, hrefs, requestUrl);
  return { spaceId, revision, tree, hrefs, pages };
}

/**
 * Where a site space's markdown references lead: a page to its absolute URL (hidden pages too:
 * they stay readable by URL), a file to its published URL.
 */
export function markdownTargetsOf(space: SpacePages, requestUrl: URL): MarkdownTargets {
  return targetsOf(space.revision.files ?? [], (pageId) => {
    const entry = space.tree.byId.get(pageId);
    if (!entry || entry.page.type !== "document") return undefined;
    return new URL(pageHref(space.tree, entry, space.hrefs), requestUrl).toString();
  });
}

/** Whether a page asks search engines not to index it (itself or a page above it). */
export function keptFromSearch(entry: TreeEntry): boolean {
  return [...entry.parents, entry.page].some(
    (page) =>
      ("noIndex" in page && page.noIndex === true) ||
      ("noRobotsIndex" in page && page.noRobotsIndex === true),
  );
}
