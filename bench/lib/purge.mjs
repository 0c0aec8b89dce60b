// The retention purge, driven through the Worker's real `scheduled` handler (the cron trigger's
// entry point), repeated until the seeded deleted spaces are gone or the bound is reached. What
// each run did comes from the job report `runScheduled` logs (src/scheduled.ts).
import { DATA } from "./config.mjs";
import { WORKERS } from "./runtime.mjs";

const MAX_RUNS = 200;
const MAX_SECONDS = 240;

/** Rows still held by the purge organization's deleted spaces. */
async function remaining(db, orgId) {
  const spaces = await db
    .prepare(
      "SELECT count(*) AS n FROM spaces WHERE organization_id = ? AND deleted_at IS NOT NULL",
    )
    .bind(orgId)
    .first();
  const pages = await db
    .prepare(
      `SELECT count(*) AS n FROM page_versions WHERE line_id IN
       (SELECT main_line_id FROM spaces WHERE organization_id = ?)`,
    )
    .bind(orgId)
    .first();
  const revisions = await db
    .prepare(
      "SELECT count(*) AS n FROM revisions WHERE space_id IN (SELECT id FROM spaces WHERE organization_id = ?)",
    )
    .bind(orgId)
    .first();
  return { spaces: spaces.n, pageVersions: pages.n, revisions: revisions.n };
}

/** Sums each numeric field of each job's report over the runs ({retention: {spaces, rows…}}). */
function totals(runs) {
  const out = {};
  for (const run of runs) {
    for (const [job, report] of Object.entries(run.report?.jobs ?? {})) {
      out[job] ??= {};
      for (const [k, v] of Object.entries(report ?? {})) {
        if (typeof v === "number") out[job][k] = (out[job][k] ?? 0) + v;
      }
    }
  }
  return out;
}

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs the cron handler until no deleted space of the purge organization is left. "Not
 * available" when a run reports no job at all (no retention job registered yet).
 */
export async function runPurge(ctx) {
  const worker = await ctx.mf.getWorker(WORKERS.app);
  const before = await remaining(ctx.db, ctx.seed.purgeOrg);
  const runs = [];
  const started = performance.now();
  // The purge runs last and takes what is left of the run's time bound, up to MAX_SECONDS.
  const until = Math.min(started + MAX_SECONDS * 1000, ctx.deadline - 20_000);
  while (runs.length < MAX_RUNS && performance.now() < until) {
    const reports = ctx.log.scheduled.length;
    const t = performance.now();
    const result = await worker.scheduled({ scheduledTime: new Date(), cron: "17 * * * *" });
    const ms = performance.now() - t;
    for (let i = 0; i < 20 && ctx.log.scheduled.length === reports; i++) await pause(50);
    const report = ctx.log.scheduled[reports] ?? null;
    runs.push({ ms, outcome: result?.outcome, report });
    if (!report) return { available: true, error: "the cron run logged no job report", runs };
    const jobs = Object.entries(report.jobs ?? {});
    if (jobs.length === 0) {
      return {
        available: false,
        reason: "the cron run reported no job (no retention purge registered yet)",
      };
    }
    const failed = jobs.find(([, r]) => r && typeof r === "object" && "error" in r);
    if (failed) {
      return { available: true, error: `job ${failed[0]} failed: ${failed[1].error}`, runs };
    }
    const left = await remaining(ctx.db, ctx.seed.purgeOrg);
    if (left.spaces === 0) break;
  }
  const after = await remaining(ctx.db, ctx.seed.purgeOrg);
  const totalMs = runs.reduce((a, r) => a + r.ms, 0);
  return {
    available: true,
    runs: runs.length,
    totalMs,
    perRunMs: runs.map((r) => Math.round(r.ms)),
    before,
    after,
    purgedSpaces: before.spaces - after.spaces,
    spacesPerRun: (before.spaces - after.spaces) / runs.length,
    runsForAll: Math.ceil(
      before.spaces / Math.max(1e-9, (before.spaces - after.spaces) / runs.length),
    ),
    complete: after.spaces === 0,
    expected: DATA.deletedSpaces,
    jobTotals: totals(runs),
    jobReports: runs.map((r) => r.report?.jobs ?? null),
  };
}
