import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { readBearer } from "../auth/caller";

/** Paths under /v1 that need no token: the API description and the signed-download endpoint. */
const PUBLIC_PATHS = [/^\/v1\/openapi\.json$/, /^\/v1\/reference$/, /^\/v1\/downloads$/];

/**
 * Requires `Authorization: Bearer <token>` of the right shape and keeps its digest. The token is
 * looked up lazily, inside the first access check's batch, so it costs no extra round trip.
 */
export const bearerAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (PUBLIC_PATHS.some((re) => re.test(c.req.path))) return next();
  c.var.caller.digest = await readBearer(c.req.header("Authorization"));
  return next();
};
