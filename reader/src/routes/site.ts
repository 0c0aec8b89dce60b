import type { ReaderEnv } from "../env";
import { MACHINE_ROUTES } from "./machine";
import { servePage } from "./page";
import { serveFeedback } from "./feedback";
import { serveSearch } from "./search";
import { visit } from "./visit";
import { recentView } from "../cache/recent-views";
import { READER_COOKIES } from "../site/credentials";
import type { SiteContext } from "../site/context";

/**
 * Every request for a site's address: the reader's own suffixes (`/~search`, `/~feedback`, the
 * machine routes) are taken off the path, the rest resolves through the API as the site's URL,
 * and the matching handler answers for the resolved context.
 */

type Handler = (ctx: SiteContext, requestUrl: URL) => Promise<Response>;

/** The handler a request's path ends with, and the address it names without the suffix. */
function route(
  request: Request,
  requestUrl: URL,
  build: string,
  keep: (w: Promise<unknown>) => void,
) {
  const path = requestUrl.pathname;
  const address = (suffix: string) => {
    const url = new URL(requestUrl);
    url.pathname = path.slice(0, path.length - suffix.length) || "/";
    return url.toString();
  };
  if (request.method === "POST") {
    return path.endsWith("/~feedback")
      ? {
          address: address("/~feedback"),
          handler: ((ctx, url) => serveFeedback(request, ctx, url)) as Handler,
        }
      : null;
  }
  if (path.endsWith("/~search")) {
    return { address: address("/~search"), handler: serveSearch as Handler };
  }
  for (const machine of MACHINE_ROUTES) {
    if (path.endsWith(machine.suffix)) {
      return {
        address: address(machine.suffix),
        handler: ((ctx, url) => machine.serve(ctx, url, request, { build, keep })) as Handler,
      };
    }
  }
  return {
    address: requestUrl.toString(),
    handler: ((ctx, url) => servePage(request, ctx, url, { build, keep })) as Handler,
  };
}

/** The answer of a page view identical to a recent one, or null (cache/recent-views.ts). */
export function recentPage(request: Request): Response | null {
  return recentView(request, READER_COOKIES);
}

/** Answers a request for a site's address. */
export async function serveSite(
  request: Request,
  env: ReaderEnv,
  build: string,
  keep: (work: Promise<unknown>) => void,
): Promise<Response> {
  const requestUrl = new URL(request.url);
  const matched = route(request, requestUrl, build, keep);
  if (!matched)
    return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  const visited = await visit(request, env, matched.address);
  if (visited.kind === "response") return visited.response;
  return matched.handler(visited.ctx, visited.requestUrl);
}
