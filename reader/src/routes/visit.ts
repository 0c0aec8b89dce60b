import type { PublishedSiteContent } from "@gitbook/api";
import type { ReaderEnv } from "../env";
import { loadSiteContext, type SiteContext } from "../site/context";
import {
  VISITOR_COOKIE,
  cleanUrl,
  credentialsOf,
  forgetUnder,
  keepCredentials,
  type Credentials,
} from "../site/credentials";
import { resolveSiteUrl } from "../site/resolve";
import { notFoundResponse } from "./responses";

/**
 * The start of every request for a site's address: which published content the URL shows to
 * this visitor (share key and visitor token from the query or the cookies), then that content's
 * context. Answers the redirects on the way: a login for a visitor-auth site, a clean URL once
 * a credential from the query is kept in a cookie, and the 404 for anything not there.
 */
export type Visit =
  | { kind: "response"; response: Response }
  | { kind: "site"; ctx: SiteContext; credentials: Credentials; requestUrl: URL };

/** A redirect with the given cookies. */
function redirect(location: string, cookies: string[] = [], status = 302): Response {
  const headers = new Headers({ Location: location, "Cache-Control": "private, no-store" });
  for (const value of cookies) headers.append("Set-Cookie", value);
  return new Response(null, { status, headers });
}

/** The path the site's cookies are scoped to (its base path on this host). */
function cookiePath(content: PublishedSiteContent): string {
  return content.siteBasePath.replace(/\/+$/, "") || "/";
}

/**
 * Resolves `addressUrl` (the request's URL without the reader's own suffixes such as `.md` or
 * `/~search`) for the request's visitor.
 */
export async function visit(request: Request, env: ReaderEnv, addressUrl: string): Promise<Visit> {
  const requestUrl = new URL(request.url);
  const credentials = credentialsOf(request);
  const resolution = await resolveSiteUrl(env.API, addressUrl, credentials);
  if (resolution.kind === "login") {
    // A stale visitor cookie is dropped on the way to the publisher's login.
    const cookies = credentials.jwt ? forgetUnder(VISITOR_COOKIE, requestUrl.pathname) : [];
    return { kind: "response", response: redirect(resolution.location, cookies) };
  }
  if (resolution.kind === "missing") {
    if (credentials.share && !credentials.fromQuery) {
      // A share key the site no longer accepts: forget it and try once without.
      const retry = { ...credentials, share: undefined };
      const again = await resolveSiteUrl(env.API, addressUrl, retry);
      if (again.kind === "content") {
        const ctx = await loadSiteContext(env.API, again.content, retry);
        return { kind: "site", ctx, credentials: retry, requestUrl };
      }
    }
    return { kind: "response", response: notFoundResponse() };
  }
  if (credentials.fromQuery && request.method === "GET") {
    const secure = requestUrl.protocol === "https:";
    const cookies = keepCredentials(credentials, cookiePath(resolution.content), secure);
    return { kind: "response", response: redirect(cleanUrl(request), cookies, 303) };
  }
  const ctx = await loadSiteContext(env.API, resolution.content, credentials);
  return { kind: "site", ctx, credentials, requestUrl };
}
