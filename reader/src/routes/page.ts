import type { JSONDocument } from "@gitbook/api";
import { isApiStatus } from "../api/client";
import { etagOf, renderedPage, type PageKey, type RenderedPage } from "../cache/pages";
import { acceptsGzip, keepView, type RecentView } from "../cache/recent-views";
import { READER_COOKIES } from "../site/credentials";
import { RESOLUTION_TTL_MS } from "../site/resolve";
import { renderPage } from "../layout/page";
import { renderNotFound } from "../layout/not-found";
import type { PageView } from "../model";
import { collectRefs } from "../../../core/render/document/refs";
import { renderDocument } from "../../../core/render/document";
import { alternatesOf } from "../site/alternates";
import { cacheHeadersOf, type RequestScope } from "../site/caching";
import type { SiteContext } from "../site/context";
import { hrefsOf } from "../site/hrefs";
import { renderContextOf, suggestionsFor } from "../site/references";
import { localHref, siteViewOf } from "../site/site-view";
import {
  breadcrumbs,
  firstDocumentUnder,
  markdownHref,
  navigation,
  neighbours,
  pageAtPath,
  pageHref,
  type TreeEntry,
} from "../site/tree";
import { htmlHeaders, htmlResponse } from "./responses";
import { answersNotModified } from "../../../core/requests/conditional";
import { emojiOf } from "../../../core/render/emoji";

/**
 * A page of a published site as HTML: the page at the resolved path (a group leads to its first
 * page, a link page to its target, a missing path to the site's redirect or the 404 page with
 * suggestions), rendered once per revision and kept; a reader whose ETag matches gets a 304
 * without a render.
 */

/** An empty document, for pages that have none yet. */
const EMPTY: JSONDocument = { object: "document", data: {}, nodes: [] };

/** The key of a page's rendered HTML. */
export function pageKey(
  ctx: SiteContext,
  entry: TreeEntry,
  requestUrl: URL,
  build: string,
  format: string,
): PageKey {
  return {
    host: requestUrl.host,
    spacePath: ctx.content.basePath,
    siteSpace: ctx.content.siteSpace,
    revision: ctx.revision.id,
    page: entry.page.id,
    segment: ctx.segment,
    build,
    format,
  };
}

/** Renders the page of `entry` (no cache): its document, its references, the shell. */
async function render(ctx: SiteContext, entry: TreeEntry, requestUrl: URL): Promise<string> {
  const hrefs = hrefsOf(ctx);
  const site = siteViewOf(ctx.published, ctx.content, requestUrl);
  const href = pageHref(ctx.tree, entry, hrefs);
  const page = entry.page;
  const documentPath = `/spaces/${ctx.content.space}/revisions/${ctx.revision.id}/page/${page.id}/document`;
  const document =
    page.type === "document" && "documentId" in page && page.documentId
      ? await ctx.client
          .get<JSONDocument>(documentPath, {
            evaluated: "deterministic-only",
            dereferenced: "reusable-contents",
          })
          .catch((error: unknown) => {
            if (isApiStatus(error, 404)) return EMPTY;
            throw error;
          })
      : EMPTY;
  const renderContext = await renderContextOf(ctx, collectRefs(document), hrefs, href);
  const { html, toc } = renderDocument(document, renderContext);
  const emoji = "emoji" in page && page.emoji ? emojiOf(page.emoji) : undefined;
  const description = "description" in page && page.description ? page.description : undefined;
  const updatedAt = ("updatedAt" in page && page.updatedAt) || ctx.revision.createdAt;
  const view: PageView = {
    site,
    nav: navigation(ctx.tree, entry, hrefs),
    page: {
      id: page.id,
      title: page.title,
      ...(description ? { description } : {}),
      ...(emoji ? { emoji } : {}),
      ...(updatedAt ? { updatedAt } : {}),
    },
    breadcrumbs: breadcrumbs(ctx.tree, entry, hrefs),
    toc,
    ...neighbours(ctx.tree, entry, hrefs),
    contentHtml: html,
    canonical: `${requestUrl.origin}${href}`,
    alternates: await alternatesOf(ctx, site, page.id, new URL(href, requestUrl)),
    markdownHref: markdownHref(ctx.tree, entry, hrefs),
  };
  return renderPage(view);
}

/** Answers a page view of a resolved site address. */
export async function servePage(
  request: Request,
  ctx: SiteContext,
  requestUrl: URL,
  scope: RequestScope,
): Promise<Response> {
  const hrefs = hrefsOf(ctx);
  const entry = pageAtPath(ctx.tree, ctx.content.pathname);
  if (!entry) return missingPage(ctx, requestUrl);
  if (entry.page.type === "group") {
    const first = firstDocumentUnder(ctx.tree, entry.page);
    if (first)
      return Response.redirect(
        new URL(pageHref(ctx.tree, first, hrefs), requestUrl).toString(),
        302,
      );
    return missingPage(ctx, requestUrl);
  }
  if (entry.page.type === "link") {
    const target = hrefs.link(entry.page);
    if (target) return Response.redirect(new URL(target, requestUrl).toString(), 302);
    return missingPage(ctx, requestUrl);
  }
  const headers = cacheHeadersOf(ctx.published.site, ctx.credentialed);
  const key = pageKey(ctx, entry, requestUrl, scope.build, "html");
  const etag = await etagOf(key);
  if (answersNotModified(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: { ETag: etag, ...headers } });
  }
  const page = await renderedPage(key, () => render(ctx, entry, requestUrl), scope.keep);
  const view = viewOf(page, headers);
  keepView(request, READER_COOKIES, view, RESOLUTION_TTL_MS);
  const gzip = acceptsGzip(request);
  const body = request.method === "HEAD" ? null : gzip ? page.gzip : page.body;
  return new Response(body, {
    headers: gzip ? view.gzip : view.plain,
    ...(gzip ? { encodeBody: "manual" as const } : {}),
  });
}

/** A rendered page's three answers' headers, made once (cache/recent-views.ts keeps them). */
function viewOf(page: RenderedPage, caching: Record<string, string>): RecentView {
  const base = { ETag: page.etag, ...caching, Vary: "Accept-Encoding" };
  return {
    page,
    plain: htmlHeaders(base),
    gzip: htmlHeaders({ ...base, "Content-Encoding": "gzip" }),
    notModified: new Headers({ ETag: page.etag, ...caching }),
  };
}

/** The answer for a path no page has: the site's live redirect for it, else the 404 page. */
async function missingPage(ctx: SiteContext, requestUrl: URL): Promise<Response> {
  const source = `/${ctx.content.pathname.replace(/^\/+/, "")}`;
  const found = await ctx.client
    .get<{
      target?: string;
    }>(`/orgs/${ctx.content.organization}/sites/${ctx.content.site}/redirect`, { source })
    .catch(() => null);
  const target = localHref(found?.target, requestUrl);
  if (target) return Response.redirect(new URL(target, requestUrl).toString(), 301);
  const hrefs = hrefsOf(ctx);
  const html = renderNotFound({
    site: siteViewOf(ctx.published, ctx.content, requestUrl),
    nav: navigation(ctx.tree, undefined, hrefs),
    suggestions: suggestionsFor(ctx.tree, ctx.content.pathname, hrefs),
  });
  return htmlResponse(html, 404, {
    "Cache-Control": "private, no-cache",
    "X-Robots-Tag": "noindex",
  });
}
