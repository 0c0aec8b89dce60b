import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { authenticateBeforeBody, bearerToken, readBearer } from "../auth/caller";
import { looksLikeJwt, verifySiteToken } from "../auth/site-token";
import { signingSecretOf } from "../http/signing-secret";
import { notFound, unauthorized } from "../lib/errors";

/**
 * Paths under /v1 that need no token: the API description, the signed-download endpoint, an
 * organization's SSO sign-in choices and the SSO code exchange.
 */
const PUBLIC_PATHS = [
  /^\/v1\/openapi\.json$/,
  /^\/v1\/reference$/,
  /^\/v1\/downloads$/,
  /^\/v1\/orgs\/[^/]+\/sso$/,
  /^\/v1\/sso\/token$/,
  // Public API specs' raw content (404 for private ones, like an unknown slug).
  /^\/v1\/public\/openapi\/[^/]+\/[^/]+$/,
  // Stable URLs of published files (the file's presence in a published revision is the check).
  /^\/v1\/published-files\/[^/]+\/[^/]+(\/[^/]+)?$/,
  // Integrations' public endpoints (fetch events): open to everyone; the script decides.
  /^\/v1\/integrations\/[^/]+\/(installations\/[^/]+\/endpoint|integration)(\/.*)?$/,
];

/**
 * The published operations that take a body and that readers without a Quire token may call
 * (docs/compatibility.md, "Reading published content"): resolving a URL (which hands out the
 * site API token), site search and site insights events. Without any token only the first and
 * the last; with a site token all three. Every other operation refuses a site token before its
 * body is read, as if it did not exist.
 */
const READER_BODY_OPERATIONS = [
  { method: "POST", path: /^\/v1\/urls\/published$/, anonymous: true },
  { method: "POST", path: /^\/v1\/orgs\/[^/]+\/sites\/[^/]+\/insights\/events$/, anonymous: true },
  { method: "POST", path: /^\/v1\/orgs\/[^/]+\/sites\/[^/]+\/search$/, anonymous: false },
];

/** The reader operation a request names, if any. */
function readerOperation(c: Context<AppEnv>) {
  return READER_BODY_OPERATIONS.find(
    (op) => op.method === c.req.method && op.path.test(c.req.path),
  );
}

/** Whether the request carries a body that a route would read (and parse). */
function carriesBody(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  if (request.headers.get("content-length") === "0") return false;
  return request.body !== null;
}

/**
 * Who is calling, before any route runs:
 * - no `Authorization` header: only the public paths and the operations open to anonymous
 *   readers (marked `anonymous`); anything else is a 401;
 * - a site API token (a JWT): verified here without D1 (signature, issuer, expiry); any write
 *   but the reader operations is refused here, before its body is read, with the 404 of
 *   something that does not exist; reads are decided by each route (routes that do not serve
 *   site readers answer the same 404 when they ask for the caller's digest);
 * - a Quire token: its digest is kept; with a body, the token is verified first, so an unknown
 *   token gets its 401 before any byte of the body is read or parsed.
 */
export const bearerAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (PUBLIC_PATHS.some((re) => re.test(c.req.path))) return next();
  const token = bearerToken(c.req.header("Authorization"));
  if (!token && !c.req.header("Authorization") && readerOperation(c)?.anonymous) {
    c.get("caller").anonymous = true;
    return next();
  }
  if (token && looksLikeJwt(token)) {
    const grant = await verifySiteToken(signingSecretOf(c), token);
    if (!grant) throw unauthorized("Invalid or expired site API token");
    c.get("caller").site = grant;
    // Read only: a site token reaches no write, with or without a body, whatever it names.
    const reads = c.req.method === "GET" || c.req.method === "HEAD";
    if (!reads && !readerOperation(c)) throw notFound();
    return next();
  }
  await readBearer(c);
  if (carriesBody(c.req.raw)) await authenticateBeforeBody(c);
  return next();
};
