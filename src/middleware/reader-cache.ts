import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv, SiteGrant } from "../env";
import { editAnswerHeaders } from "../http/answer-headers";
import { isolateMemo, weakMemo } from "../../core/memory/memos";
import type { KeptAnswer } from "../platform/isolate-memories";
import { grantedSpecState, revisionFixedRead, specStateOf } from "../auth/site-reader";
import { sha256Hex } from "../../core/digest";
import { answersNotModified } from "../../core/requests/conditional";

/**
 * Cache validators for the readers of published content (a site API token's GETs,
 * docs/compatibility.md "Reading published content" and "Reader caching"): every 200 carries an
 * `ETag` and answers `If-None-Match` with a 304; `Cache-Control: private, max-age=60,
 * stale-while-revalidate=300` lets the reader's own cache serve repeats (never a shared cache:
 * the answer depends on the token's grant and claims). A site's head moves on a merge, hence the
 * short max-age.
 *
 * Two kinds of ETag. The reads of a revision's pages and files (`revisionFixedRead`) answer what
 * the revision, the URL, the grant and the organization's API specs make them, so their ETag is
 * derived from those (`W/"r…"`): no hash of the body, and a revalidation is answered 304 after
 * the grant check alone, before the content is read. Every other answer's ETag is a digest of
 * its body (`W/"…"`).
 */

const CACHE_CONTROL = "private, max-age=60, stale-while-revalidate=300";

/** ETags carry the first 12 bytes of a SHA-256 (core/digest.ts), in hex. */
const ETAG_BYTES = 12;

/** A grant's claims but its expiry, as text, once per grant object (tokens are remembered). */
const fingerprints = weakMemo<SiteGrant, string>("grant fingerprints");

/** What of a grant an answer may depend on: everything the token says but when it expires. */
function fingerprintOf(grant: SiteGrant): string {
  let text = fingerprints.get(grant);
  if (text === undefined) {
    const { expiresAt: _expiresAt, ...claims } = grant;
    text = JSON.stringify(claims);
    fingerprints.set(grant, text);
  }
  return text;
}

/**
 * Derived ETags this isolate computed, by their inputs: a renderer reads the same pages with the
 * same token over and over, and the SHA-256 was a tenth of what a revalidation costs the Worker.
 */
const derivedEtags = isolateMemo<string, string>("derived ETags", { entries: 1_000 });

/**
 * What a revision-fixed read's answer is made of but the spec state: the code that made it (the
 * deployed version, `deployVersionOf`), its URL and the grant. The key of its kept answer, and
 * what its derived ETag is a digest of: a deploy, which may change what a revision's pages read
 * as, never answers a reader's older answer with a 304, with nothing to remember to bump.
 */
function answerKey(c: Context<AppEnv>, grant: SiteGrant): string {
  const version = c.get("keptAnswers").deployVersionOf(c.env.CF_VERSION_METADATA);
  return `${version}\n${c.req.url}\n${fingerprintOf(grant)}`;
}

/** The derived ETag of a revision-fixed read: its answer key and spec state, hashed. */
async function derivedEtag(key: string, specState: string) {
  const inputs = `${key}\n${specState}`;
  let etag = derivedEtags.get(inputs);
  if (etag === undefined) {
    etag = `W/"r${await sha256Hex(inputs, ETAG_BYTES)}"`;
    derivedEtags.set(inputs, etag);
  }
  return etag;
}

/** Sets the validators every reader's answer carries: its ETag, the caching, `Vary`. */
function setValidators(headers: Headers, etag: string): void {
  headers.set("ETag", etag);
  headers.set("Cache-Control", CACHE_CONTROL);
  if (!headers.get("Vary")?.includes("Authorization")) headers.append("Vary", "Authorization");
}

/** A kept answer as a 200, with its validators. */
function keptResponse(kept: KeptAnswer): Response {
  const headers = new Headers(kept.headers);
  setValidators(headers, kept.etag);
  return new Response(kept.body, { status: 200, headers });
}

/** The ETag of any other answer: a digest of its body. */
async function bodyEtag(res: Response): Promise<string> {
  return `W/"${await sha256Hex(await res.clone().arrayBuffer(), ETAG_BYTES)}"`;
}

/** The 304 for `etag`, with the headers of the answer it stands for but its body's. */
function notModified(etag: string, headers: Headers): Response {
  headers.delete("Content-Type");
  headers.delete("Content-Length");
  setValidators(headers, etag);
  return new Response(null, { status: 304, headers });
}

/** The readers' validators (see above): run by `v1Gate` for a site token's GETs. */
export const readerCaching: MiddlewareHandler<AppEnv> = async (c, next) => {
  const grant = c.get("caller").site;
  if (!grant || c.req.method !== "GET") return next();
  const spaceId = revisionFixedRead(c);
  const asked = c.req.header("If-None-Match");
  const key = spaceId ? answerKey(c, grant) : null;
  const kept = key ? c.get("keptAnswers").get(key) : undefined;
  if (spaceId && key && (kept || asked?.includes('"r'))) {
    // The grant check (a 404 when it no longer holds, as the read would answer), not the content.
    const specState = await grantedSpecState(c, grant, spaceId);
    const etag = await derivedEtag(key, specState);
    if (answersNotModified(asked, etag)) return notModified(etag, new Headers());
    // The same answer this isolate made before, unless the organization's specs moved since.
    if (kept?.specState === specState) return keptResponse(kept);
  }
  await next();
  if (c.res.status !== 200) return;
  if (!(c.res.headers.get("Content-Type") ?? "").startsWith("application/json")) return;
  const specState = spaceId ? specStateOf(c) : undefined;
  const etag =
    key === null || specState === undefined
      ? await bodyEtag(c.res)
      : await derivedEtag(key, specState);
  if (key !== null && specState !== undefined) {
    const headers: [string, string][] = [];
    c.res.headers.forEach((value, name) => headers.push([name, value]));
    const body = await c.res.clone().arrayBuffer();
    c.get("keptAnswers").keep(key, { etag, specState, body, headers });
  }
  if (answersNotModified(asked, etag)) {
    const headers = new Headers(c.res.headers);
    c.res = undefined;
    c.res = notModified(etag, headers);
    return;
  }
  editAnswerHeaders(c, (headers) => setValidators(headers, etag));
};
