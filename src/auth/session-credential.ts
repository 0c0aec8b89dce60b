import type { Context } from "hono";
import type { AppEnv } from "../env";
import { crossSiteRefusal, CSRF_HEADER } from "../../core/sessions/csrf";
import { cookieValue, isSessionSecret, SESSION_COOKIE } from "../../core/sessions/session";
import { forbidden } from "../lib/errors";

/**
 * A session as a presented credential (docs/security.md, "Sessions"): its secret comes only from
 * the `quire_session` cookie, and only when the request has no `Authorization` header (a
 * header's credential is the one the caller chose). Its digest is then the request's caller
 * digest, read by the one resolver like any token's (src/auth/caller.ts).
 */

/** The session secret of the request's cookie when it has a session's shape, else null. */
export function sessionSecretOf(c: Context<AppEnv>): string | null {
  if (c.req.header("Authorization") !== undefined) return null;
  const value = cookieValue(c.req.header("Cookie"), SESSION_COOKIE);
  return value && isSessionSecret(value) ? value : null;
}

/** The request's own origin (`https://host[:port]`): the API's, for the Origin check. */
function ownOrigin(c: Context<AppEnv>): string {
  return new URL(c.req.url).origin;
}

/** The app's origin (PUBLIC_APP_URL's), or null when the deployment's URL is not one. */
function appOrigin(c: Context<AppEnv>): string | null {
  try {
    return new URL(c.env.PUBLIC_APP_URL).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses (403) a session's state-changing request that lacks the same-origin proof
 * (core/sessions/csrf.ts): an `Origin` of the app or of the API itself, and the `X-Quire-CSRF`
 * header of this session. Called before the body is read; safe methods pass.
 */
export async function refuseCrossSite(c: Context<AppEnv>, secret: string): Promise<void> {
  const app = appOrigin(c);
  const reason = await crossSiteRefusal({
    method: c.req.method,
    token: c.req.header(CSRF_HEADER),
    origin: c.req.header("Origin"),
    secret,
    allowedOrigins: app ? [app, ownOrigin(c)] : [ownOrigin(c)],
  });
  if (reason) throw forbidden(`Cross-site request refused: ${reason}`);
}
