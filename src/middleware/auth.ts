import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { authenticateBeforeBody, bearerToken, readBearer, readSession } from "../auth/caller";
import { refuseCrossSite } from "../auth/session-credential";
import { looksLikeJwt, verifySiteToken } from "../auth/site-token";
import { signingSecretOf } from "../http/signing-secret";
import { notFound, unauthorized } from "../lib/errors";

/** Whether the request carries a body that a route would read (and parse). */
function carriesBody(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  if (request.headers.get("content-length") === "0") return false;
  return request.body !== null;
}

/**
 * Who is calling, before any route runs, by what the request's route declares
 * (src/http/route-facts.ts, `c.get("route")`):
 * - a public route (`publicRoute()`), and a method no route serves on a path open without a
 *   token (its 405 follows): no token asked for;
 * - no `Authorization` header: only the reader operations open to anonymous readers
 *   (`readerOperation("anonymous")`); anything else is a 401;
 * - a site API token (a JWT): verified here without D1 (signature, issuer, expiry); any write
 *   but the reader operations is refused here, before its body is read, with the 404 of
 *   something that does not exist; reads are decided by each route (routes that do not serve
 *   site readers answer the same 404 when they ask for the caller's digest);
 * - no `Authorization` header but a session cookie (`quire_session`): the session is the
 *   credential, its digest kept like a token's; a state-changing request must carry the
 *   same-origin proof (src/auth/session-credential.ts), refused with a 403 before anything else;
 * - a Quire token: its digest is kept; with a body, the token (or session) is verified first, so
 *   an unknown one gets its 401 before any byte of the body is read or parsed.
 */
export const bearerAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const route = c.get("route");
  if (route.public || (!route.matched && route.openPath)) return next();
  const token = bearerToken(c.req.header("Authorization"));
  const session = await readSession(c);
  if (session) {
    await refuseCrossSite(c, session);
    if (carriesBody(c.req.raw)) await authenticateBeforeBody(c);
    return next();
  }
  if (!token && !c.req.header("Authorization") && route.readers === "anonymous") {
    c.get("caller").anonymous = true;
    return next();
  }
  if (token && looksLikeJwt(token)) {
    const grant = await verifySiteToken(signingSecretOf(c), token);
    if (!grant) throw unauthorized("Invalid or expired site API token");
    c.get("caller").site = grant;
    // Read only: a site token reaches no write, with or without a body, whatever it names.
    const reads = c.req.method === "GET" || c.req.method === "HEAD";
    if (!reads && route.readers === null) throw notFound();
    return next();
  }
  await readBearer(c);
  if (carriesBody(c.req.raw)) await authenticateBeforeBody(c);
  return next();
};
