import { etagOf, renderedPage } from "../cache/pages";
import { pageKey } from "../routes/page";
import type { RequestScope } from "../site/caching";
import type { SiteContext } from "../site/context";
import { pageAtPath, type TreeEntry } from "../site/tree";
import { machineHeaders, notFoundText, textAnswer } from "./answers";
import { withTitle } from "./llms";
import { followableMarkdown, readPageMarkdown } from "./page-markdown";
import { currentSpacePages, markdownTargetsOf } from "./site-spaces";
import { answersNotModified } from "../../../core/requests/conditional";

/**
 * The `.md` twin of every page (`<page>.md`, and `<site space>/index.md` for the first page,
 * which lives at the site space's root): the page's markdown from the API under a `# Title`
 * line, kept per revision like the HTML so a repeat costs nothing and an ETag match is a 304.
 */

/** What the twin's bytes depend on besides the page key: bumped when their form changes. */

/** Thrown inside a render when the API has no markdown for the page (nothing is kept). */
class NoMarkdown extends Error {}

/** The page a `.md` address names (`index`: the site space's first page). */
function entryOf(ctx: SiteContext, viaIndex: boolean): TreeEntry | undefined {
  const path = ctx.content.pathname.replace(/^\/+|\/+$/g, "");
  if (!viaIndex) return pageAtPath(ctx.tree, path);
  return path === "" ? ctx.tree.readable[0] : ctx.tree.byPath.get(`${path}/index`);
}

/** The twin's text: the API's markdown under the page's title, references made followable. */
async function twinText(ctx: SiteContext, entry: TreeEntry, requestUrl: URL): Promise<string> {
  const markdown = await readPageMarkdown(
    ctx.client,
    ctx.content.space,
    ctx.revision.id,
    entry.page.id,
  );
  if (markdown === undefined) throw new NoMarkdown();
  return withTitle(
    entry.page.title,
    followableMarkdown(markdown, markdownTargetsOf(currentSpacePages(ctx, requestUrl), requestUrl)),
  );
}

/** Answers `<page>.md` (`viaIndex`: `<path>/index.md`). */
export async function serveMarkdownTwin(
  ctx: SiteContext,
  requestUrl: URL,
  request: Request,
  scope: RequestScope,
  viaIndex: boolean,
): Promise<Response> {
  const entry = entryOf(ctx, viaIndex);
  if (!entry || entry.page.type !== "document") return notFoundText(request);
  const headers = machineHeaders(ctx, "text/markdown; charset=utf-8");
  const key = pageKey(ctx, entry, requestUrl, scope.build, "md");
  const etag = await etagOf(key);
  if (answersNotModified(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: { ETag: etag, ...headers } });
  }
  try {
    const page = await renderedPage(key, () => twinText(ctx, entry, requestUrl), scope.keep);
    return textAnswer(request, page.body, { ETag: page.etag, ...headers });
  } catch (error) {
    if (error instanceof NoMarkdown) return notFoundText(request);
    throw error;
  }
}
