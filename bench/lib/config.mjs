// Every knob of the bench in one place: data sizes, load bounds and paths. Environment variables
// override the load bounds for a quick smoke run (BENCH_DURATION=1 BENCH_WRITE_ITERATIONS=3).
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (wrangler.toml, drizzle/, node_modules/). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Where `wrangler deploy --dry-run` writes the bundle the bench loads. */
export const BUILD_DIR = resolve(ROOT, "bench/.build");

/** Where each run's raw figures go, as bench/results/<timestamp>.json (gitignored). */
export const RESULTS_DIR = resolve(ROOT, "bench/results");

const num = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** Load bounds: each autocannon run stops at `durationSeconds` or `maxRequests`, whichever first. */
export const LOAD = {
  connections: num("BENCH_CONNECTIONS", 10),
  durationSeconds: num("BENCH_DURATION", 5),
  maxRequests: num("BENCH_MAX_REQUESTS", 50_000),
  /** Sequential fetches per operation that read the X-Quire-D1 header (and warm the path up). */
  samples: num("BENCH_SAMPLES", 5),
  /** Iterations of a write operation (create change request + one-page batch + merge). */
  writeIterations: num("BENCH_WRITE_ITERATIONS", 20),
  /** Upper bound on one write operation, whatever the iteration count. */
  writeSeconds: num("BENCH_WRITE_SECONDS", 60),
};

/** The whole run is abandoned after this (the issue asks for < 10 minutes). */
export const RUN_DEADLINE_MS = num("BENCH_DEADLINE_SECONDS", 540) * 1000;

/** Seeded data. Content spaces have N document pages; above 100 they sit in groups of 100. */
export const DATA = {
  /** Live spaces listed in the benchmark organization (besides the content spaces). */
  listSpaces: 2_000,
  /** Page counts of the content spaces: search sizes, merge sizes, the page-read space. */
  contentSizes: [10, 100, 1_000, 5_000, 10_000],
  pagesPerGroup: 100,
  /** Spaces deleted past the retention period, in their own organization, for the purge. */
  deletedSpaces: 1_000,
  pagesPerDeletedSpace: 2,
  /** Days before now the deleted spaces were deleted (retention is 7 days). */
  deletedDaysAgo: 8,
  /** A word in every 10th page body: the search query. */
  searchTerm: "lighthouse",
  /** Comments created before the comments list is measured (through the API, once it exists). */
  comments: 30,
};

/** Bindings of the Worker under test (DB_STATS turns the X-Quire-D1 header on). */
export const APP_BINDINGS = {
  PUBLIC_APP_URL: "http://127.0.0.1/app",
  // Sites under `<PUBLIC_APP_URL>/sites/<id>`, as the bench's URLs are written.
  PUBLIC_SITES_URL: "",
  SIGNING_SECRET: "bench-signing-secret-not-for-production",
  DB_STATS: "1",
  // Jobs log their D1 counts (src/jobs/consumer.ts), read from the runtime log.
  JOB_STATS: "1",
  // Mirrors of APP_RATELIMITS (the X-RateLimit-* headers read them).
  RATE_LIMIT_TOKEN_LIMIT: "100000000",
  RATE_LIMIT_IP_LIMIT: "100000000",
};

/**
 * The bench drives thousands of requests a second with one token (and, unauthenticated, from one
 * address): rate limits far above that, so it measures the code path, never a 429.
 */
export const APP_RATELIMITS = {
  RATE_LIMIT_TOKEN: { simple: { limit: 100_000_000, period: 60 } },
  RATE_LIMIT_IP: { simple: { limit: 100_000_000, period: 60 } },
};
