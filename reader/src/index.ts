import { Hono } from "hono";
import type { ReaderAppEnv, ReaderEnv } from "./env";
import { serveFile } from "./routes/files";
import { htmlResponse } from "./routes/responses";
import { recentPage, serveSite } from "./routes/site";
import { renderMessage } from "./layout/message";
import { forVisitor } from "./api/visitor";
import { isApiStatus } from "./api/client";
import { ASSETS_PATH } from "./site/site-view";

/**
 * The reader: published sites as HTML. A client of the API's public /v1 operations through the
 * `API` service binding, the way GitBook's renderer is: every address resolves with
 * `POST /v1/urls/published`, then reads with the site token it gets.
 */
const app = new Hono<ReaderAppEnv>();

app.get("/_quire/files/*", (c) => serveFile(c.req.raw, c.env));
// Pages declare their icon; a client that asks the host's root anyway gets the same one.
app.get(
  "/favicon.ico",
  () =>
    new Response(null, {
      status: 301,
      headers: { Location: `${ASSETS_PATH}/favicon.svg`, "Cache-Control": "public, max-age=86400" },
    }),
);
app.get("/_quire/*", (c) => (c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.notFound()));
app.all("*", (c) => {
  const build = c.env.CF_VERSION_METADATA?.id ?? "dev";
  return serveSite(c.req.raw, c.env, build, (work) => c.executionCtx.waitUntil(work));
});

app.onError((error) => {
  if (isApiStatus(error, 429)) {
    // This visitor's budget is spent (each visitor has their own: reader/src/api/visitor.ts).
    const html = renderMessage({
      nav: [],
      title: "Too many requests",
      message: "You have opened many pages in a short time. Please wait a moment and try again.",
    });
    const retryAfter =
      error.retryAfter && /^\d{1,5}$/.test(error.retryAfter) ? error.retryAfter : "60";
    return htmlResponse(html, 429, { "Cache-Control": "no-store", "Retry-After": retryAfter });
  }
  console.error(
    JSON.stringify({
      reader: "error",
      message: error instanceof Error ? error.message : String(error),
    }),
  );
  const html = renderMessage({
    nav: [],
    title: "This page could not be shown",
    message: "The documentation service did not answer. Please try again in a moment.",
  });
  return htmlResponse(html, 503, { "Cache-Control": "no-store", "Retry-After": "5" });
});

/**
 * The Worker's entry: a view identical to one answered in the last seconds is answered from the
 * reader's memory before any routing (routes/site.ts says when); everything else goes to the app.
 */
export default {
  fetch(request: Request, env: ReaderEnv, ctx: ExecutionContext): Response | Promise<Response> {
    return recentPage(request) ?? app.fetch(request, forVisitor(env, request), ctx);
  },
} satisfies ExportedHandler<ReaderEnv>;
