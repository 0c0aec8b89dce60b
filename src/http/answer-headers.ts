import type { Context } from "hono";

/**
 * Edits the headers of the answer a middleware finds after `next()`, in place. Hono's
 * `c.header()` at that point copies the whole Response on every call (body and headers into a
 * new one: with the request id, the bookmark and three rate-limit headers, five copies per
 * request, about a tenth of a small read's CPU). The answers the routes make have writable
 * headers; one whose headers are immutable (a Response from `fetch` or the cache) throws on the
 * first write, so it is copied once and `edit` runs again on the copy.
 */
export function editAnswerHeaders(c: Context, edit: (headers: Headers) => void): void {
  try {
    edit(c.res.headers);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const copy = new Response(c.res.body, c.res);
    edit(copy.headers);
    // Cleared first: Hono's setter would otherwise merge the old headers into the copy again.
    c.res = undefined;
    c.res = copy;
  }
}

/** Sets each `[name, value]` of `entries` on the answer (`editAnswerHeaders`). */
export function setAnswerHeaders(
  c: Context,
  entries: readonly (readonly [string, string])[],
): void {
  editAnswerHeaders(c, (headers) => {
    for (const [name, value] of entries) headers.set(name, value);
  });
}
