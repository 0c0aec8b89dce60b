import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { authenticateBeforeBody, readBearer } from "../auth/caller";

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
  // Integrations' public endpoints (fetch events): open to everyone; the script decides.
  /^\/v1\/integrations\/[^/]+\/(installations\/[^/]+\/endpoint|integration)(\/.*)?$/,
];

/** Whether the request carries a body that a route would read (and parse). */
function carriesBody(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  if (request.headers.get("content-length") === "0") return false;
  return request.body !== null;
}

/**
 * Requires `Authorization: Bearer <token>` of the right shape (its digest is kept in
 * `c.get("caller").digest`). Without a
 * body, the token is looked up lazily, inside the first access check's batch, so it costs no extra
 * round trip. With a body, the token is verified first: an unknown token gets its 401 before any
 * byte of the body is read or parsed.
 */
export const bearerAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (PUBLIC_PATHS.some((re) => re.test(c.req.path))) return next();
  await readBearer(c);
  if (carriesBody(c.req.raw)) await authenticateBeforeBody(c);
  return next();
};
