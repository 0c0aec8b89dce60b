import { FEEDBACK_NOTES } from "../layout/page-parts";
import type { SiteContext } from "../site/context";

/**
 * Page feedback ("Was this page helpful?"): a plain form post that works without JavaScript
 * (answered with a redirect back to the page) or a fetch from the page's script (answered 204),
 * sent on to the API's site insights events as `page_post_feedback`.
 */

/** The ratings the form sends, as the API names them. */
const RATINGS: ReadonlySet<string> = new Set(["good", "ok", "bad"]);

/** A same-site path to return to, or the site's root. */
function returnPath(value: FormDataEntryValue | null, fallback: string): string {
  return typeof value === "string" && /^\/(?!\/)[^\s]*$/.test(value) ? value : fallback;
}

/** Answers a feedback post. */
export async function serveFeedback(
  request: Request,
  ctx: SiteContext,
  requestUrl: URL,
): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const rating = form?.get("rating");
  const pageId = form?.get("page");
  const back = returnPath(form?.get("return") ?? null, `${ctx.content.siteBasePath}`);
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  if (
    typeof rating !== "string" ||
    !RATINGS.has(rating) ||
    typeof pageId !== "string" ||
    !ctx.tree.byId.has(pageId)
  ) {
    return wantsJson
      ? Response.json(
          { error: { code: 400, message: "rating (good|ok|bad) and page are required" } },
          { status: 400 },
        )
      : Response.redirect(new URL(back, requestUrl).toString(), 303);
  }
  const event = {
    type: "page_post_feedback",
    feedback: { rating },
    session: {
      visitorId: "anonymous",
      sessionId: "anonymous",
      cookies: {},
      userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 256),
      language: null,
      referrer: null,
    },
    location: {
      url: new URL(back, requestUrl).toString(),
      siteSection: ctx.content.siteSection ?? null,
      siteSpace: ctx.content.siteSpace,
      siteShareKey: ctx.content.shareKey ?? null,
      space: ctx.content.space,
      revision: ctx.revision.id,
      page: pageId,
    },
  };
  const sent = await ctx.client
    .post(`/orgs/${ctx.content.organization}/sites/${ctx.content.site}/insights/events`, {
      events: [event],
    })
    .then(() => true)
    .catch(() => false);
  if (wantsJson) return new Response(null, { status: sent ? 204 : 502 });
  const url = new URL(back, requestUrl);
  // The kept page shows its thanks (or failure) note when the fragment names it: no query, so
  // the answer is the same cached page.
  url.hash = sent ? FEEDBACK_NOTES.thanks : FEEDBACK_NOTES.failed;
  return Response.redirect(url.toString(), 303);
}
