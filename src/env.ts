import type { Database } from "./db/client";
import type { CallerCache } from "./auth/caller";
import type { VerifiedTokens } from "./auth/verified-tokens";
import type { LargeBodyGate } from "./middleware/large-bodies";
import type { RateLimitWindows } from "./middleware/rate-limit";
import type { D1Stats } from "./db/counting";
import type { MainRevisionHook } from "./services/content/main-hooks";

/** The Worker's bindings, as declared in wrangler.toml. */
export interface Bindings {
  DB: D1Database;
  FILES: R2Bucket;
  PUBLIC_APP_URL: string;
  SIGNING_SECRET: string;
  /** "1" exposes per-request D1 counts in the X-Quire-D1 header (tests and bench only). */
  DB_STATS?: string;
  /** Rate Limiting binding per token digest; absent on old deployments (no limiting). */
  RATE_LIMIT_TOKEN?: RateLimit;
  /** Rate Limiting binding per client IP, for requests without a well-formed token. */
  RATE_LIMIT_IP?: RateLimit;
  /** Mirrors of the bindings' `simple.limit`/`simple.period` (the binding cannot report them). */
  RATE_LIMIT_TOKEN_LIMIT?: string;
  RATE_LIMIT_TOKEN_PERIOD?: string;
  RATE_LIMIT_IP_LIMIT?: string;
  RATE_LIMIT_IP_PERIOD?: string;
  /** Origins allowed by CORS: `*` (default) or a comma-separated list of exact origins. */
  CORS_ORIGINS?: string;
}

/** Per-request values set by middleware and read by routes and services. */
interface Variables {
  requestId: string;
  /** The request's D1 binding, wrapped to count round trips and rows. */
  d1: D1Database;
  /** drizzle over `d1`. */
  db: Database;
  d1Stats: D1Stats;
  caller: CallerCache;
  /** The work after each new main revision (search indexing), assembled by `createApp`. */
  mainRevisionHooks: readonly MainRevisionHook[];
  /** Token digests this isolate verified in the last seconds (see `VerifiedTokens`). */
  verifiedTokens: VerifiedTokens;
  /** Requests with large bodies run one at a time per isolate (see `LargeBodyGate`). */
  largeBodyGate: LargeBodyGate;
  /** Rate-limit windows as this isolate saw them (see `RateLimitWindows`). */
  rateLimitWindows: RateLimitWindows;
}

/** The Hono environment shared by every router of the app. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
