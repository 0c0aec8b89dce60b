// One Miniflare (one workerd process) hosting three Workers, each on its own loopback socket so
// nothing but workerd sits between the load generator and the code: the Quire bundle, and the two
// ceilings (a constant JSON answer, and exactly one indexed D1 point read on the same database).
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Miniflare } from "miniflare";
import { APP_BINDINGS, APP_RATELIMITS } from "./config.mjs";

/** The D1 database id both the app and the D1 ceiling bind, so they read the same tables. */
const DATABASE_ID = "quire-bench";

/** The job queue's name, as in wrangler.toml. */
const JOBS_QUEUE = "quire-jobs";

/** The runtime ceiling: no bindings, no parsing, a constant JSON body. */
const CONSTANT_WORKER = `export default {
  fetch() {
    return Response.json({ ok: true }, { headers: { "x-quire-d1": "rt=0;read=0;written=0;unmetered=0" } });
  },
};`;

/**
 * The one-round-trip ceiling: what an authenticated request costs at the least. It hashes the
 * bearer token (as the app does) and reads the token row by its unique digest, once.
 */
const POINT_READ_WORKER = `async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
export default {
  async fetch(request, env) {
    const header = request.headers.get("authorization") ?? "";
    const digest = await sha256Hex(header.startsWith("Bearer ") ? header.slice(7) : "");
    const result = await env.DB.prepare(
      "SELECT id, user_id, scopes, expires_at, revoked_at FROM api_tokens WHERE digest = ?",
    ).bind(digest).all();
    const meta = result.meta ?? {};
    const headers = {
      "x-quire-d1": "rt=1;read=" + (meta.rows_read ?? 0) + ";written=" + (meta.rows_written ?? 0) + ";unmetered=0",
    };
    const row = result.results[0];
    if (!row) return Response.json({ error: { code: 401, message: "unknown token" } }, { status: 401, headers });
    return Response.json({ token: row.id, user: row.user_id }, { headers });
  },
};`;

/** Worker names inside the Miniflare instance. */
export const WORKERS = { app: "quire", constant: "ceiling-constant", pointRead: "ceiling-d1" };

/**
 * Starts the three Workers with on-disk local D1 and R2 (as `wrangler dev` keeps them) in a
 * temporary directory. Returns their loopback URLs, the D1 handle, the captured runtime log and
 * `dispose`, which stops workerd and deletes the state.
 */
export async function startRuntime(build, config) {
  const stateDir = await mkdtemp(join(tmpdir(), "quire-bench-"));
  const log = { lines: [], scheduled: [], jobs: [] };
  const socket = [{ host: "127.0.0.1", port: 0 }];
  const common = {
    modules: true,
    compatibilityDate: config.compatibilityDate,
    compatibilityFlags: config.compatibilityFlags,
    unsafeDirectSockets: socket,
  };
  const mf = new Miniflare({
    // A CPU profile of the Worker (bench/profile.mjs) connects to workerd's inspector.
    ...(config.inspectorPort ? { inspectorPort: config.inspectorPort } : {}),
    d1Persist: join(stateDir, "d1"),
    r2Persist: join(stateDir, "r2"),
    handleRuntimeStdio: (stdout, stderr) => {
      captureLines(stdout, log);
      captureLines(stderr, log);
    },
    workers: [
      {
        ...common,
        name: WORKERS.app,
        // Modules listed, not walked: Miniflare's walker refuses the bundle's one dynamic import
        // (src/services/integrations/gateway.ts reads `cloudflare:workers` at run time).
        modulesRoot: build.modulesRoot,
        modules: build.files.map((file) => ({
          type: "ESModule",
          path: join(build.modulesRoot, file),
        })),
        d1Databases: { DB: DATABASE_ID },
        r2Buckets: ["FILES"],
        // The one job queue, consumed by the same Worker (as wrangler.toml declares it), and the
        // Worker Loader that runs integration scripts.
        queueProducers: { JOBS: { queueName: JOBS_QUEUE } },
        queueConsumers: { [JOBS_QUEUE]: { maxBatchSize: 10, maxBatchTimeout: 1, maxRetries: 10 } },
        workerLoaders: { LOADER: {} },
        bindings: { ...APP_BINDINGS, ...(config.extraBindings ?? {}) },
        ratelimits: APP_RATELIMITS,
        ...(config.outboundService ? { outboundService: config.outboundService } : {}),
      },
      { ...common, name: WORKERS.constant, script: CONSTANT_WORKER },
      {
        ...common,
        name: WORKERS.pointRead,
        script: POINT_READ_WORKER,
        d1Databases: { DB: DATABASE_ID },
      },
    ],
  });
  await mf.ready;
  const urls = {};
  for (const [key, name] of Object.entries(WORKERS)) {
    urls[key] = (await mf.unsafeGetDirectURL(name)).href.replace(/\/$/, "");
  }
  const db = await mf.getD1Database("DB", WORKERS.app);
  return {
    mf,
    urls,
    db,
    log,
    /** Where D1 (`d1/`) and R2 (`r2/`) persist: bench/scale.mjs reads the database file. */
    stateDir,
    async dispose() {
      await mf.dispose();
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}

/**
 * Keeps the last runtime log lines (for error reports), every scheduled-run report and every
 * job's D1 counts (`{"jobStats":…}`, logged by src/jobs/consumer.ts with JOB_STATS on).
 */
function captureLines(stream, log) {
  createInterface({ input: stream }).on("line", (line) => {
    if (line.startsWith('{"scheduled"') || line.startsWith('{"jobStats"')) {
      try {
        const parsed = JSON.parse(line);
        if (parsed.jobStats) log.jobs.push(parsed.jobStats);
        else log.scheduled.push(parsed);
        return;
      } catch {
        // not the scheduled report after all: keep it as a plain line
      }
    }
    log.lines.push(line);
    if (log.lines.length > 400) log.lines.splice(0, log.lines.length - 400);
  });
}

/**
 * Applies drizzle/*.sql in order, split with wrangler's own splitter (the one the tests use), so
 * hand-written migrations with triggers apply as they do under `wrangler d1 migrations apply`.
 */
export async function applyMigrations(db, migrationsDir) {
  const { unstable_splitSqlQuery } = await import("wrangler");
  const names = (await readdir(migrationsDir))
    .filter((n) => n.endsWith(".sql"))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b));
  let statements = 0;
  for (const name of names) {
    const text = await readFile(join(migrationsDir, name), "utf8");
    for (const query of unstable_splitSqlQuery(text)) {
      if (!query.trim()) continue;
      await db.prepare(query).run();
      statements++;
    }
  }
  return { files: names, statements };
}
