#!/usr/bin/env node
// `npm run bench`: builds the Worker as wrangler ships it, runs it in Miniflare (workerd, local D1
// and R2, no wrangler dev proxy) next to two ceiling Workers, seeds data at several sizes, drives
// load from autocannon child processes over 127.0.0.1, prints one table and writes the raw figures
// to bench/results/<timestamp>.json. Bounded: per operation (duration / requests / iterations)
// and as a whole (BENCH_DEADLINE_SECONDS, default 540 s). Method: docs/performance.md.
import { rm } from "node:fs/promises";
import { buildWorker, readWranglerConfig } from "./lib/build.mjs";
import { BUILD_DIR, DATA, LOAD, RUN_DEADLINE_MS } from "./lib/config.mjs";
import { declaredRoutes, execute } from "./lib/execute.mjs";
import { makeContext, OPERATIONS } from "./lib/operations.mjs";
import { machine, renderTable, writeResults } from "./lib/report.mjs";
import { applyMigrations, startRuntime } from "./lib/runtime.mjs";
import { seed } from "./lib/seed.mjs";
import { evaluateTargets } from "./lib/targets.mjs";
import { measurePasswordCheck, passwordLine } from "./password.mjs";

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const say = (text) => process.stderr.write(`[bench ${elapsed()}] ${text}\n`);

let runtime = null;
const hardStop = setTimeout(async () => {
  say("run deadline passed by 60 s: stopping");
  await runtime?.dispose().catch(() => {});
  process.exit(2);
}, RUN_DEADLINE_MS + 60_000);
hardStop.unref();

async function main() {
  const result = {
    startedAt: new Date().toISOString(),
    machine: machine(),
    bounds: { ...LOAD },
    data: DATA,
  };
  say("building the Worker (wrangler deploy --dry-run)");
  const config = await readWranglerConfig();
  const { scriptPath, modulesRoot, ...bundle } = await buildWorker();
  result.bundle = bundle;
  say(`bundle ${(bundle.gzipBytes / 1024).toFixed(1)} KiB gzipped; starting Miniflare`);
  runtime = await startRuntime({ scriptPath, modulesRoot, files: bundle.files }, config);
  result.migrations = await applyMigrations(runtime.db, config.migrationsDir);
  say(`${result.migrations.statements} migration statements applied; seeding`);
  const seeded = await seed(runtime.db);
  result.seed = seeded.counts;
  say(`seeded ${JSON.stringify(seeded.counts)}`);
  const routes = await declaredRoutes(runtime.urls.app);
  const ctx = makeContext(runtime, seeded, routes, started + RUN_DEADLINE_MS);
  result.operations = [];
  // BENCH_ONLY=id,id runs only those operations (a quick look while working on one figure).
  const only = process.env.BENCH_ONLY?.split(",").filter(Boolean);
  for (const op of OPERATIONS.filter((o) => !only?.length || only.includes(o.id))) {
    if (performance.now() - started > RUN_DEADLINE_MS) {
      result.operations.push({
        id: op.id,
        title: op.title,
        kind: op.kind,
        status: "error",
        reason: "skipped: the run's time bound was reached",
      });
      continue;
    }
    say(`${op.id}`);
    const row = await execute(op, ctx, routes);
    if (row.status === "error") say(`${op.id}: ${row.reason}`);
    result.operations.push(row);
  }
  // One password check's CPU and memory in a workerd of its own (bench/password.mjs).
  say("password check");
  result.password = await measurePasswordCheck();
  const byId = Object.fromEntries(result.operations.map((r) => [r.id, r]));
  result.targets = evaluateTargets(byId, result.bundle);
  result.finishedAt = new Date().toISOString();
  result.machine.loadAverageAtEnd = machine().loadAverage;
  if (result.operations.some((r) => r.status === "error")) {
    result.runtimeLogTail = runtime.log.lines.filter((l) => !l.includes("workerd@")).slice(-150);
  }
  const file = await writeResults(result);
  console.log(renderTable(result));
  console.log(`\n${passwordLine(result.password)}`);
  console.log(`\nRaw figures: ${file} (${elapsed()})`);
}

try {
  await main();
} catch (err) {
  say(`failed: ${err instanceof Error ? err.stack : err}`);
  if (runtime?.log.lines.length)
    say(`runtime log tail:\n${runtime.log.lines.slice(-30).join("\n")}`);
  process.exitCode = 1;
} finally {
  await runtime?.dispose().catch(() => {});
  // The bundle is not kept (it is not source; BENCH_KEEP_BUILD=1 keeps it for inspection).
  if (process.env.BENCH_KEEP_BUILD !== "1") await rm(BUILD_DIR, { recursive: true, force: true });
  clearTimeout(hardStop);
}
