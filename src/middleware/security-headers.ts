import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { editAnswerHeaders } from "../http/answer-headers";
import { jsonError } from "./errors";
import { isolateMemo } from "../../core/memory/memos";

/** Request headers a browser client may send (CORS preflight). */
const ALLOW_HEADERS = "Authorization, Content-Type, Idempotency-Key, X-Quire-Bookmark";
/** Response headers a browser client may read besides the CORS-safelisted ones. */
const EXPOSE_HEADERS = [
  "X-Request-Id",
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "Retry-After",
  "Idempotent-Replayed",
  "Location",
  "Link",
  "X-Quire-Bookmark",
].join(", ");
/** Seconds a browser may cache a preflight answer. */
const PREFLIGHT_MAX_AGE = "600";
/** Two years, subdomains included (the HSTS preload list's minimum is one year). */
const HSTS = "max-age=63072000; includeSubDomains";
const REFERENCE_PATH = "/v1/reference";

/**
 * The origin to allow for this request: `*` when CORS_ORIGINS is `*` (or unset), the request's
 * own origin when it is on the configured list, otherwise none.
 */
function allowedOrigin(setting: string | undefined, origin: string | undefined): string | null {
  const list = originsOf(setting ?? "*");
  if (list === "*") return "*";
  return origin && list.includes(origin) ? origin : null;
}

/** CORS_ORIGINS settings read and their lists (a deployment has one: read it once). */
const originLists = isolateMemo<string, string[] | "*">("CORS origin lists", { entries: 4 });

/** The origins of a CORS_ORIGINS setting, `*` for any. */
function originsOf(setting: string): string[] | "*" {
  let list = originLists.get(setting);
  if (list === undefined) {
    const origins = setting.split(/[\s,]+/).filter(Boolean);
    list = origins.length === 0 || origins.includes("*") ? "*" : origins;
    originLists.set(setting, list);
  }
  return list;
}

/** Sets the CORS headers every answer carries (preflights add the request-side ones). */
function corsHeaders(c: Context<AppEnv>, headers: Headers): void {
  const origin = allowedOrigin(c.env.CORS_ORIGINS, c.req.header("Origin"));
  if (origin !== "*") headers.append("Vary", "Origin");
  if (origin === null) return;
  headers.set("Access-Control-Allow-Origin", origin);
  headers.set("Access-Control-Expose-Headers", EXPOSE_HEADERS);
}

/** RFC 6750 §3: quoted-string content with no quote, backslash or control characters. */
function quotable(message: string): string {
  return message.replace(/[^\x20-\x7e]|["\\]/g, "'");
}

/**
 * `WWW-Authenticate` for a 401: the bare challenge when no bearer token came, `invalid_token`
 * with the reason when one did but it is malformed, unknown, expired or revoked.
 */
function bearerChallenge(c: Context<AppEnv>): string {
  const presented = /^Bearer\s+\S/i.test(c.req.header("Authorization") ?? "");
  if (!presented) return 'Bearer realm="quire"';
  const reason = c.error instanceof ApiError ? c.error.message : "The access token is invalid";
  return `Bearer realm="quire", error="invalid_token", error_description="${quotable(reason)}"`;
}

/**
 * The CSP of the HTML reference: nothing loads; only its own inline stylesheet and search script
 * apply (by hash, never 'unsafe-inline'), and its search form submits to the page itself.
 */
async function referencePolicy(res: Response): Promise<string> {
  const page = await res.clone().text();
  const styleSrc = await inlineSources("style", page);
  const scriptSrc = await inlineSources("script", page);
  return `default-src 'none'; style-src ${styleSrc}; script-src ${scriptSrc}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
}

/** The CSP sources of a page's inline `<style>` or `<script>` blocks: their hashes, or 'none'. */
async function inlineSources(tag: "style" | "script", page: string): Promise<string> {
  const blocks = page.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"));
  const hashes = await Promise.all([...blocks].map((m) => inlineHash(m[1] ?? "")));
  return hashes.length > 0 ? hashes.join(" ") : "'none'";
}

/** A CSP source expression for one inline block: `'sha256-<base64>'`. */
async function inlineHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

/**
 * The answer to OPTIONS (a CORS preflight or not): 204 with the methods the path's routes serve
 * (`Allow`, and `Access-Control-Allow-Methods` the same), no token needed; the JSON 404 of an
 * unknown path when no route has it.
 */
function optionsAnswer(c: Context<AppEnv>): Response {
  const allow = c.get("route").allow;
  if (allow === null) return jsonError(c, 404, `No route matches OPTIONS ${c.req.path}`);
  const headers = new Headers({
    "Access-Control-Allow-Methods": allow,
    "Access-Control-Allow-Headers": ALLOW_HEADERS,
    "Access-Control-Max-Age": PREFLIGHT_MAX_AGE,
    Allow: allow,
  });
  corsHeaders(c, headers);
  return new Response(null, { status: 204, headers });
}

/**
 * CORS (preflights answered 204 without a token) and the security headers of every answer:
 * `nosniff`, `Referrer-Policy`, HSTS over https, `Cache-Control: no-store` on authenticated
 * answers that set no caching of their own, `WWW-Authenticate` on 401 (RFC 6750) and a strict
 * CSP on the HTML reference. Mounted first, so errors and rate-limit answers carry them too.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const preflight = c.req.method === "OPTIONS";
  if (preflight) {
    c.res = optionsAnswer(c);
  } else {
    await next();
  }
  const policy =
    c.req.path === REFERENCE_PATH && c.res.status === 200 ? await referencePolicy(c.res) : null;
  editAnswerHeaders(c, (headers) => {
    if (!preflight || c.res.status !== 204) corsHeaders(c, headers);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "no-referrer");
    if (c.req.url.startsWith("https:")) headers.set("Strict-Transport-Security", HSTS);
    if (c.req.header("Authorization") !== undefined && !headers.has("Cache-Control")) {
      headers.set("Cache-Control", "no-store");
    }
    if (c.res.status === 401) headers.set("WWW-Authenticate", bearerChallenge(c));
    if (policy) headers.set("Content-Security-Policy", policy);
  });
};
