import type { Database } from "./db/client";
import type { CallerCache } from "./auth/caller";
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
}

/** The Hono environment shared by every router of the app. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
