import type { RevisionPageMetaLinks } from "@gitbook/api";
import type { SiteView } from "../model";
import { currentTree, type SiteContext } from "./context";
import { pageHref } from "./tree";

/**
 * The same page in the site's other variants (languages), for `hreflang` links: the API's
 * meta-links name the alternate pages, the variants of the current section say where each
 * space is published and in which language, and the alternate space's tree gives the path.
 * Read once per rendered page; an alternate that cannot be placed is left out.
 */
export async function alternatesOf(
  ctx: SiteContext,
  site: SiteView,
  pageId: string,
  requestUrl: URL,
): Promise<Array<{ lang: string; href: string }>> {
  const languages = site.variants.filter((v) => v.lang);
  if (languages.length < 2) return [];
  const links = await ctx.client
    .get<RevisionPageMetaLinks>(
      `/spaces/${ctx.content.space}/revisions/${ctx.revision.id}/page/${pageId}/meta-links`,
    )
    .catch(() => ({ alternates: [] }));
  const bySpace = new Map<string, { lang: string; base: string }>();
  const rows = ctx.published.structure.structure as unknown as Array<Record<string, unknown>>;
  const visit = (items: Array<Record<string, unknown>>) => {
    for (const item of items) {
      if (item.object === "site-space") {
        const variant = languages.find((v) => v.id === item.id);
        const space = (item.space as { id?: string } | undefined)?.id;
        if (variant && space) bySpace.set(space, { lang: variant.lang!, base: variant.href });
      }
      for (const key of ["siteSpaces", "sections", "children"]) {
        if (Array.isArray(item[key])) visit(item[key] as Array<Record<string, unknown>>);
      }
    }
  };
  visit(rows);
  const out: Array<{ lang: string; href: string }> = [];
  const own = languages.find((v) => v.active);
  if (own) out.push({ lang: own.lang!, href: new URL(requestUrl.pathname, requestUrl).toString() });
  for (const alternate of (links.alternates ?? []).slice(0, 20)) {
    if (alternate.kind !== "page" || !alternate.space) continue;
    const placed = bySpace.get(alternate.space);
    if (!placed || placed.lang === own?.lang) continue;
    const { tree } = await currentTree(ctx, alternate.space).catch(() => ({ tree: null }));
    const entry = tree?.byId.get(alternate.page);
    if (!tree || !entry) continue;
    const basePath = new URL(placed.base, requestUrl).pathname.replace(/\/+$/, "");
    const href = pageHref(tree, entry, { spacePath: basePath, link: () => undefined });
    out.push({ lang: placed.lang, href: new URL(href, requestUrl).toString() });
  }
  return out.length > 1 ? out : [];
}
