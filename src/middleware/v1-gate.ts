import type { Context, MiddlewareHandler, Next } from "hono";
import type { AppEnv } from "../env";
import { bearerAuth } from "./auth";
import { defaultBodyLimit } from "./body-limit";
import { idempotency } from "./idempotency";
import { largeBodies } from "./large-bodies";
import { readerCaching } from "./reader-cache";

/** The app-wide body cap, made once. */
const bodyCap = defaultBodyLimit();

/**
 * Runs one middleware with `next` as what follows it, as Hono's chain would: an answer it returns
 * instead of calling `next` (a 413, a 429, a replay) becomes the response. Errors it throws go up
 * to the chain step that runs `v1Gate`, where the app's error handler answers them.
 */
async function step(
  handler: MiddlewareHandler<AppEnv>,
  c: Context<AppEnv>,
  next: Next,
): Promise<void> {
  const answer = await handler(c, next);
  if (answer instanceof Response && !c.finalized) c.res = answer;
}

/**
 * What follows the token check: a GET or HEAD carries no body, so it skips the body cap, the
 * large-body gate and idempotency (POST only) and costs one call (plus the readers' validators
 * for a site token's GET); a request that may carry a body goes through the cap
 * (`defaultBodyLimit`), then the large-body gate (`largeBodies`), then `Idempotency-Key`
 * (`idempotency`), in that order.
 */
const afterAuth = (c: Context<AppEnv>, next: Next): Promise<void> => {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") {
    return method === "GET" && c.get("caller").site ? step(readerCaching, c, next) : next();
  }
  return step(bodyCap, c, () => step(largeBodies, c, () => step(idempotency, c, next)));
};

/**
 * Everything between the rate limit and the route of a /v1 request, as one step of Hono's
 * chain: the token (`bearerAuth`: who is calling, before any body is read), then `afterAuth`.
 * None of them looks at the answer of a step inside it but the readers' validators and
 * idempotency, which see the route's answer (errors included: the route's own step answers
 * them) as before; an error one of them throws is answered by the app's error handler at this
 * step, before the rate limit and the security headers see it. A read went through five chain
 * steps here and now goes through one (docs/performance.md, "Hot reads, session 9").
 */
export const v1Gate: MiddlewareHandler<AppEnv> = (c, next) =>
  step(bearerAuth, c, () => afterAuth(c, next));
