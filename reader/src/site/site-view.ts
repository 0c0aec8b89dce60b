import type {
  PublishedContentSite,
  PublishedSiteContent,
  SiteSection,
  SiteSectionGroup,
  SiteExternalLink,
  SiteSpace,
} from "@gitbook/api";
import { safeHref } from "../../../core/links/safe-href";
import type { SiteView, SwitchItem } from "../model";

/**
 * The site around a page, as the shell draws it: its sections as tabs (groups as menus), the
 * current section's site spaces as variants (with their language), and the addresses of things.
 * Published URLs come from the API; on the reader's own host they become paths.
 */

/** Where the reader's static files live on every host. */
export const ASSETS_PATH = "/_quire";

/** A published URL as an href on the request's host: a path there, else the URL itself. */
export function localHref(published: string | undefined, requestUrl: URL): string | undefined {
  if (!published) return undefined;
  try {
    const url = new URL(published);
    url.searchParams.delete("share");
    if (url.hostname !== requestUrl.hostname) return url.toString();
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

type Item = SiteSection | SiteSectionGroup | SiteExternalLink;

/** A section as a tab, or a group as a tab with its sections under it. */
function sectionItem(item: Item, current: string | undefined, requestUrl: URL): SwitchItem | null {
  if (item.object === "site-external-link") {
    const href = safeHref(item.url);
    return href ? { id: item.id, title: item.title, href, active: false } : null;
  }
  if (item.object === "site-section-group") {
    const children = (item.children ?? item.sections)
      .map((child) => sectionItem(child, current, requestUrl))
      .filter((child): child is SwitchItem => child !== null);
    if (children.length === 0) return null;
    return {
      id: item.id,
      title: item.title,
      href: children[0]!.href,
      active: children.some((c) => c.active),
      children,
    };
  }
  const href = localHref(item.urls.published, requestUrl);
  return href ? { id: item.id, title: item.title, href, active: item.id === current } : null;
}

/** The site spaces of the current section (or of the site), as variants. */
function variantsOf(published: PublishedContentSite, content: PublishedSiteContent): SiteSpace[] {
  const structure = published.structure;
  if (structure.type === "siteSpaces") return structure.structure;
  const sections: SiteSection[] = [];
  const collect = (items: Item[]) => {
    for (const item of items) {
      if (item.object === "site-section") sections.push(item);
      else if (item.object === "site-section-group") collect(item.children ?? item.sections);
    }
  };
  collect(structure.structure);
  return sections.find((s) => s.id === content.siteSection)?.siteSpaces ?? [];
}

/** The current site space's row in the structure. */
function currentSiteSpace(
  published: PublishedContentSite,
  content: PublishedSiteContent,
): SiteSpace | undefined {
  return variantsOf(published, content).find((s) => s.id === content.siteSpace);
}

/** The SiteView of a resolved URL. */
export function siteViewOf(
  published: PublishedContentSite,
  content: PublishedSiteContent,
  requestUrl: URL,
): SiteView {
  const structure = published.structure;
  const sections =
    structure.type === "sections"
      ? structure.structure
          .map((item) => sectionItem(item, content.siteSection, requestUrl))
          .filter((item): item is SwitchItem => item !== null)
      : [];
  const variantRows = variantsOf(published, content);
  const variants = variantRows.flatMap((row): SwitchItem[] => {
    const href = localHref(row.urls.published, requestUrl);
    if (!href) return [];
    const lang = row.space.language;
    return [
      {
        id: row.id,
        title: row.title,
        href,
        active: row.id === content.siteSpace,
        ...(lang ? { lang } : {}),
      },
    ];
  });
  const lang = currentSiteSpace(published, content)?.space.language;
  const basePath = content.siteBasePath.replace(/\/+$/, "");
  return {
    id: published.site.id,
    title: published.site.title,
    baseUrl: `${requestUrl.origin}${basePath}`,
    basePath,
    spacePath: content.basePath.replace(/\/+$/, ""),
    sections: sections.length > 1 ? sections : [],
    variants: variants.length > 1 ? variants : [],
    indexable: published.site.visibility === "public",
    ...(lang ? { lang } : {}),
    assetsPath: ASSETS_PATH,
  };
}
