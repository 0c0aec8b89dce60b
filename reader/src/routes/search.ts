import type { SearchPageResult, SearchSpaceResult, SiteSpace } from "@gitbook/api";
import { renderSearchPage } from "../layout/search";
import type { SearchHitView } from "../model";
import type { SiteContext } from "../site/context";
import { localHref, siteViewOf } from "../site/site-view";
import { navigation } from "../site/tree";
import { hrefsOf } from "../site/hrefs";
import { htmlResponse } from "./responses";

/**
 * The site's search: a page that works without JavaScript (`<space>/~search?q=`), and the same
 * hits as JSON for the type-ahead (`&format=json`). Both ask the API's site search with the
 * site token, so a visitor finds only what the site shows them.
 */

/** The longest query sent on (the API bounds it too). */
const MAX_QUERY = 200;
/** Hits per search page (the API's page size for site search). */
const PAGE_SIZE = 20;
/** What a results cursor may look like (the API's opaque cursors; anything else is ignored). */
const CURSOR = /^[\w.~-]{1,512}$/;

/** The search page's own address for `query` at `cursor` (none: the first results). */
function searchHref(requestUrl: URL, query: string, cursor?: string): string {
  const params = new URLSearchParams({ q: query });
  if (cursor) params.set("page", cursor);
  return `${requestUrl.pathname}?${params.toString()}`;
}

/** Where each space of the site is published on this host (search hits name spaces). */
function spaceBases(ctx: SiteContext, requestUrl: URL): Map<string, string> {
  const bases = new Map<string, string>();
  const visit = (items: unknown[]) => {
    for (const item of items as Array<Record<string, unknown>>) {
      if (item.object === "site-space") {
        const row = item as unknown as SiteSpace;
        const href = localHref(row.urls.published, requestUrl);
        if (href && !bases.has(row.space.id)) bases.set(row.space.id, href.replace(/\/+$/, ""));
      }
      for (const key of ["siteSpaces", "sections", "children"]) {
        if (Array.isArray(item[key])) visit(item[key] as unknown[]);
      }
    }
  };
  visit(ctx.published.structure.structure);
  return bases;
}

/** A page hit as the search page lists it; null for a space the site does not publish here. */
function hitOf(
  base: string | undefined,
  space: SearchSpaceResult,
  page: SearchPageResult,
  many: boolean,
): SearchHitView | null {
  if (base === undefined) return null;
  const href = `${base}/${page.path}`;
  return {
    title: page.title,
    href,
    ...(many ? { context: space.title } : {}),
    sections: (page.sections ?? []).slice(0, 3).map((section) => ({
      title: section.title,
      href: `${base}/${section.path}`,
      excerpt: section.body.slice(0, 240),
    })),
  };
}

/** Answers the search page, or the JSON hits for `format=json`. */
export async function serveSearch(ctx: SiteContext, requestUrl: URL): Promise<Response> {
  const query = (requestUrl.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
  const asJson = requestUrl.searchParams.get("format") === "json";
  const askedCursor = requestUrl.searchParams.get("page") ?? "";
  const cursor = CURSOR.test(askedCursor) && !asJson ? askedCursor : undefined;
  let hits: SearchHitView[] = [];
  let nextCursor: string | undefined;
  let error: string | undefined;
  if (query) {
    try {
      const answer = await ctx.client.post<{ items: SearchSpaceResult[]; next?: { page: string } }>(
        `/orgs/${ctx.content.organization}/sites/${ctx.content.site}/search`,
        { query, scope: { mode: "all" } },
        { limit: asJson ? 8 : PAGE_SIZE, page: cursor },
      );
      nextCursor = answer.next?.page;
      const many = answer.items.length > 1;
      const bases = spaceBases(ctx, requestUrl);
      hits = answer.items.flatMap((space) =>
        space.pages
          .map((page) => hitOf(bases.get(space.id), space, page, many))
          .filter((h): h is SearchHitView => h !== null),
      );
    } catch {
      error = "Search is not available right now. Please try again.";
    }
  }
  if (asJson) {
    return new Response(JSON.stringify({ hits: hits.slice(0, 8) }), {
      status: error ? 503 : 200,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }
  const site = siteViewOf(ctx.published, ctx.content, requestUrl);
  const html = renderSearchPage({
    site,
    nav: navigation(ctx.tree, undefined, hrefsOf(ctx)),
    query,
    hits,
    ...(nextCursor ? { next: searchHref(requestUrl, query, nextCursor) } : {}),
    ...(cursor ? { first: searchHref(requestUrl, query) } : {}),
    ...(error ? { error } : {}),
  });
  return htmlResponse(html, 200, {
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
  });
}
