import { etagOf, renderedPage, type PageKey } from "../cache/pages";
import type { RequestScope } from "../site/caching";
import type { SiteContext } from "../site/context";
import { isAtSiteRoot, machineHeaders, notFoundText, siteRootUrl, textAnswer } from "./answers";
import { LlmsFullText, MAX_FULL_PAGES, llmsIndexText, type LlmsSection } from "./llms";
import {
  MARKDOWN_CONCURRENCY,
  followableMarkdown,
  readBounded,
  readPageMarkdown,
  type MarkdownTargets,
} from "./page-markdown";
import {
  currentSpacePages,
  listedSiteSpaces,
  markdownTargetsOf,
  spacePagesOf,
  type ListedPage,
  type ListedSiteSpace,
  type SpacePages,
} from "./site-spaces";
import { answersNotModified } from "../../../core/requests/conditional";

/**
 * The addresses language models read at a site's root: `llms.txt` (every readable page of every
 * site space, linked to its markdown) and `llms-full.txt` (their markdown in reading order,
 * bounded, read a few pages at a time and kept per set of revisions).
 */

/** The suffixes these routes answer. */
export const LLMS = "/llms.txt";
export const LLMS_FULL = "/llms-full.txt";

/** Pages read per round for llms-full.txt (a few rounds of the concurrency). */
const ROUND = MARKDOWN_CONCURRENCY * 4;

/** A site space listed with its pages. */
interface ListedSpace {
  listed?: ListedSiteSpace;
  pages: SpacePages;
}

/** Every listed site space with its pages (the resolved one alone when none is listed). */
async function listedSpaces(ctx: SiteContext, requestUrl: URL): Promise<ListedSpace[]> {
  const listed = listedSiteSpaces(ctx.published);
  if (listed.length === 0) return [{ pages: currentSpacePages(ctx, requestUrl) }];
  const read = await Promise.all(
    listed.map(async (row) => ({ listed: row, pages: await spacePagesOf(ctx, row, requestUrl) })),
  );
  return read.flatMap((row) => (row.pages ? [{ listed: row.listed, pages: row.pages }] : []));
}

/** Answers `<site root>/llms.txt`. */
export async function serveLlms(
  ctx: SiteContext,
  requestUrl: URL,
  request: Request,
): Promise<Response> {
  if (!isAtSiteRoot(ctx, requestUrl, LLMS)) return notFoundText(request);
  const spaces = await listedSpaces(ctx, requestUrl);
  const several = spaces.length > 1;
  const sections: LlmsSection[] = spaces.map(({ listed, pages }) => ({
    ...(several && listed ? { heading: listed.heading } : {}),
    ...(several && listed?.description ? { description: listed.description } : {}),
    pages: pages.pages.map((page) => ({
      title: page.title,
      url: page.markdownUrl,
      ...(page.description ? { description: page.description } : {}),
    })),
  }));
  const body = llmsIndexText({ title: ctx.published.site.title, sections });
  return textAnswer(request, body, machineHeaders(ctx, "text/markdown; charset=utf-8"));
}

/** A page to read for llms-full.txt, with its site space and where its references lead. */
interface FullPage {
  page: ListedPage;
  space: SpacePages;
  targets: MarkdownTargets;
}

/** The markdown of one page of llms-full.txt; undefined when the API no longer has it. */
async function fullPageMarkdown(ctx: SiteContext, { page, space, targets }: FullPage) {
  const pageId = page.entry.page.id;
  const markdown = await readPageMarkdown(ctx.client, space.spaceId, space.revision.id, pageId);
  return markdown === undefined ? undefined : followableMarkdown(markdown, targets);
}

/** llms-full.txt's text: pages read round by round, in reading order, until a bound. */
async function fullText(ctx: SiteContext, requestUrl: URL, spaces: ListedSpace[]) {
  const all: FullPage[] = spaces.flatMap(({ pages }) => {
    const targets = markdownTargetsOf(pages, requestUrl);
    return pages.pages.map((page) => ({ page, space: pages, targets }));
  });
  const full = new LlmsFullText();
  let done = 0;
  while (done < all.length && done < MAX_FULL_PAGES && !full.full) {
    const round = all.slice(done, Math.min(done + ROUND, MAX_FULL_PAGES));
    const markdowns = await readBounded(round, MARKDOWN_CONCURRENCY, (p) =>
      fullPageMarkdown(ctx, p),
    );
    for (const [i, markdown] of markdowns.entries()) {
      const { page } = round[i]!;
      if (markdown !== undefined && !full.add({ title: page.title, url: page.url, markdown })) {
        break;
      }
      done += 1;
    }
  }
  return full.text(all.length - done, `${siteRootUrl(ctx, requestUrl)}${LLMS}`);
}

/** The key llms-full.txt is kept under: the site, its site spaces and their revisions. */
function fullKey(ctx: SiteContext, requestUrl: URL, spaces: ListedSpace[], build: string): PageKey {
  return {
    host: requestUrl.host,
    spacePath: ctx.content.siteBasePath,
    siteSpace: spaces.map((s) => s.listed?.siteSpace.id ?? ctx.content.siteSpace).join(","),
    revision: spaces.map((s) => s.pages.revision.id).join(","),
    page: "llms-full.txt",
    segment: ctx.segment,
    build,
    format: "llms-full",
  };
}

/** Answers `<site root>/llms-full.txt`. */
export async function serveLlmsFull(
  ctx: SiteContext,
  requestUrl: URL,
  request: Request,
  scope: RequestScope,
): Promise<Response> {
  if (!isAtSiteRoot(ctx, requestUrl, LLMS_FULL)) return notFoundText(request);
  const spaces = await listedSpaces(ctx, requestUrl);
  const headers = machineHeaders(ctx, "text/plain; charset=utf-8");
  const key = fullKey(ctx, requestUrl, spaces, scope.build);
  const etag = await etagOf(key);
  if (answersNotModified(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: { ETag: etag, ...headers } });
  }
  const kept = await renderedPage(key, () => fullText(ctx, requestUrl, spaces), scope.keep);
  return textAnswer(request, kept.body, { ETag: kept.etag, ...headers });
}
