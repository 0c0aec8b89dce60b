import type { MiddlewareHandler } from "hono";
import type { AppEnv, Bindings } from "../env";
import { bearerToken, presentedDigest } from "../auth/caller";
import { looksLikeJwt } from "../auth/site-token";
import { errorBody } from "../lib/errors";
import { setAnswerHeaders } from "../http/answer-headers";
import type { RateLimitWindows } from "../platform/isolate-memories";
import { requestAddress } from "../http/client-address";

/** Limits used when the binding exists but its [vars] mirror is missing (wrangler.toml's). */
const DEFAULTS = { token: { limit: 1200, period: 60 }, ip: { limit: 300, period: 60 } };

/** The key for requests whose client address is unknown (local runs, tests, no trusted header). */
const UNKNOWN_CLIENT = "unknown-client";

/** One rate-limit bucket: the binding that decides and the numbers it cannot report. */
interface Bucket {
  binding: RateLimit;
  limit: number;
  period: number;
}

/** A positive integer from a [vars] string, or the fallback. */
function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** A bucket (per token, or per client IP), or null when this deployment has no such binding. */
function bucketOf(env: Bindings, kind: "token" | "ip"): Bucket | null {
  const [binding, limit, period] =
    kind === "token"
      ? [env.RATE_LIMIT_TOKEN, env.RATE_LIMIT_TOKEN_LIMIT, env.RATE_LIMIT_TOKEN_PERIOD]
      : [env.RATE_LIMIT_IP, env.RATE_LIMIT_IP_LIMIT, env.RATE_LIMIT_IP_PERIOD];
  if (!binding) return null;
  return {
    binding,
    limit: positive(limit, DEFAULTS[kind].limit),
    period: positive(period, DEFAULTS[kind].period),
  };
}

/** Asks the binding about one request and works out the headers that describe the bucket. */
async function consume(mirror: RateLimitWindows, bucket: Bucket, key: string) {
  const { success } = await bucket.binding.limit({ key });
  const now = Date.now();
  const seen = mirror.hit(key, bucket.period * 1000, now);
  const remaining = success ? Math.max(0, bucket.limit - seen.count) : 0;
  const retryAfter = Math.max(1, Math.ceil((seen.resetMs - now) / 1000));
  const headers: [string, string][] = [
    ["X-RateLimit-Limit", String(bucket.limit)],
    ["X-RateLimit-Remaining", String(remaining)],
    ["X-RateLimit-Reset", String(Math.ceil(seen.resetMs / 1000))],
  ];
  return { success, retryAfter, headers };
}

/** The 429 in the wire error shape, with the bucket's headers and `Retry-After`. */
function tooMany(outcome: Awaited<ReturnType<typeof consume>>, who: string): Response {
  return Response.json(
    errorBody(429, `Rate limit exceeded for this ${who}: retry in ${outcome.retryAfter} s`),
    {
      status: 429,
      headers: Object.fromEntries([
        ...outcome.headers,
        ["Retry-After", String(outcome.retryAfter)],
      ]),
    },
  );
}

/**
 * Rate limiting through the Workers Rate Limiting bindings: per token (keyed by its digest) when
 * a well-formed bearer token is presented, per client IP otherwise. A 401 for a presented token
 * (unknown, expired, revoked) also spends the IP's budget, so guessing tokens from one address is
 * throttled like anonymous traffic. Site API tokens (readers of published sites, often a
 * renderer serving many visitors from one address) get the token budget per client address.
 * Without the bindings (older deployments) it does nothing.
 */
export const rateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  // A way in (`signInRoute()`) spends the address's budget, whatever credential it carries.
  const signIn = c.get("route").signIn;
  const digest = signIn ? null : await presentedDigest(c);
  const ip = requestAddress(c) ?? UNKNOWN_CLIENT;
  const siteReader =
    !signIn && !digest && looksLikeJwt(bearerToken(c.req.header("Authorization")) ?? "");
  const tokens = bucketOf(c.env, "token");
  const ips = bucketOf(c.env, "ip");
  const mirror = c.get("rateLimitWindows");
  const bucket = digest || siteReader ? tokens : ips;
  if (!bucket) return next();
  const key = digest ? `token:${digest}` : siteReader ? `site-reader:${ip}` : `ip:${ip}`;
  const outcome = await consume(mirror, bucket, key);
  if (!outcome.success) return tooMany(outcome, digest || siteReader ? "token" : "client address");
  await next();
  if ((digest || siteReader) && ips && c.res.status === 401) {
    const charged = await consume(mirror, ips, `ip:${ip}`);
    if (!charged.success) {
      // Replaced outright: Hono would otherwise merge the 401's headers into the 429.
      c.res = undefined;
      c.res = tooMany(charged, "client address");
      return;
    }
  }
  setAnswerHeaders(c, outcome.headers);
};
