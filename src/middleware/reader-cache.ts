import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";

/**
 * Cache validators for the readers of published content (a site API token's GETs,
 * docs/compatibility.md "Reading published content"): every 200 carries an `ETag` (a digest of
 * the answer, so a renderer's revalidation costs no bytes) and answers `If-None-Match` with a
 * 304; `Cache-Control: private, max-age=60, stale-while-revalidate=300` lets the reader's own
 * cache serve repeats (never a shared cache: the answer depends on the token's grant and
 * claims). Content at a revision id never changes; a site's head moves on a merge, hence the
 * short max-age.
 */
export const readerCaching: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.get("caller").site || c.req.method !== "GET" || c.res.status !== 200) return;
  const type = c.res.headers.get("Content-Type") ?? "";
  if (!type.startsWith("application/json")) return;
  const bytes = await c.res.clone().arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const etag = `W/"${[...digest.slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("")}"`;
  const cacheControl = "private, max-age=60, stale-while-revalidate=300";
  const matches = c.req
    .header("If-None-Match")
    ?.split(",")
    .some((tag) => tag.trim() === etag);
  if (matches) {
    const headers = new Headers(c.res.headers);
    headers.delete("Content-Type");
    headers.delete("Content-Length");
    headers.set("ETag", etag);
    headers.set("Cache-Control", cacheControl);
    c.res = undefined;
    c.res = new Response(null, { status: 304, headers });
    return;
  }
  c.res.headers.set("ETag", etag);
  c.res.headers.set("Cache-Control", cacheControl);
  c.res.headers.append("Vary", "Authorization");
};
