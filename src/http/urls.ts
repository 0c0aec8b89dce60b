import type { Context } from "hono";
import type { AppEnv } from "../env";
import { sitesBaseUrl } from "../lib/site-urls";

/**
 * The request's origin (`https://host[:port]`), read off its URL without parsing it: a request's
 * URL is absolute and normalized (lower-case scheme and host, no default port, a path), so the
 * origin ends at the first `/` after `//`. A URL with credentials is parsed instead.
 */
function requestOrigin(c: Context<AppEnv>): string {
  const url = c.req.url;
  const end = url.indexOf("/", url.indexOf("//") + 2);
  const origin = end === -1 ? url : url.slice(0, end);
  return origin.includes("@") ? new URL(url).origin : origin;
}

/** Absolute API URL of a resource, built from the request's own origin. */
export function apiUrl(c: Context<AppEnv>, path: string): string {
  return `${requestOrigin(c)}/v1${path}`;
}

/** URL in the web app, from the configured public base URL. */
export function appUrl(c: Context<AppEnv>, path: string): string {
  return `${c.env.PUBLIC_APP_URL.replace(/\/+$/, "")}${path}`;
}

/**
 * The URL builders a presenter needs, as plain functions: presenters take this (and plain rows),
 * never the request context.
 */
export interface Urls {
  /** Absolute API URL of a path under /v1. */
  api(path: string): string;
  /** URL in the web app. */
  app(path: string): string;
  /** The app-hosted published address of a site (lib/site-urls.ts: under PUBLIC_SITES_URL). */
  site(siteId: string): string;
}

/** The request's URL builders, made once by the route and handed to presenters. */
export function urlsOf(c: Context<AppEnv>): Urls {
  // Parsed once per request, not once per URL: a list of 50 spaces builds over a hundred.
  const api = `${requestOrigin(c)}/v1`;
  const app = c.env.PUBLIC_APP_URL.replace(/\/+$/, "");
  const sites = sitesBaseUrl(c.env);
  return {
    api: (path) => `${api}${path}`,
    app: (path) => `${app}${path}`,
    site: (siteId) => `${sites}/${siteId}`,
  };
}
