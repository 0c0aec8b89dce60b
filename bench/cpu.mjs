// CPU per request of some load operations of the bench: workerd's CPU time (every thread's
// schedstat) across each load run divided by the requests it answered. Far less sensitive to other
// work on the machine than req/s, so it compares two versions of the code (run both at the same
// time, each from its own worktree). Usage:
//   node bench/cpu.mjs space-get site-token-document   (BENCH_CPU_ROUNDS=5, BENCH_DURATION=4)
// Prints, per operation, the median µs of CPU per request over the rounds and the req/s seen.
import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { buildWorker, readWranglerConfig } from "./lib/build.mjs";
import { ROOT } from "./lib/config.mjs";
import { declaredRoutes } from "./lib/execute.mjs";
import { loadTest } from "./lib/measure.mjs";
import { makeContext, OPERATIONS } from "./lib/operations.mjs";
import { applyMigrations, startRuntime } from "./lib/runtime.mjs";
import { seed } from "./lib/seed.mjs";
import { withCpu, workerdPids } from "./lib/reader-measure.mjs";

const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS) > 0 ? Number(process.env.BENCH_CPU_ROUNDS) : 5;
const ids = process.argv.slice(2);
if (!ids.length) throw new Error("usage: node bench/cpu.mjs <operation id>...");

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const outdir = resolve(ROOT, `bench/.build-cpu-${process.pid}`);
const config = await readWranglerConfig();
const { scriptPath, modulesRoot, ...bundle } = await buildWorker(outdir);
const runtime = await startRuntime({ scriptPath, modulesRoot, files: bundle.files }, config);
try {
  await applyMigrations(runtime.db, config.migrationsDir);
  const seeded = await seed(runtime.db);
  const ctx = makeContext(runtime, seeded, await declaredRoutes(runtime.urls.app), Infinity);
  const pids = await workerdPids();
  for (const id of ids) {
    const op = OPERATIONS.find((o) => o.id === id);
    if (!op || op.kind !== "load") throw new Error(`no load operation ${id}`);
    const prep = op.prepare ? await op.prepare(ctx) : undefined;
    const url = `${runtime.urls[op.worker ?? "app"]}${op.path(ctx, prep)}`;
    const request = op.request ? op.request(ctx, prep) : { headers: ctx.auth(op.as) };
    const init = {
      method: request.method ?? "GET",
      headers: {
        ...(request.body === undefined ? {} : { "content-type": "application/json" }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    };
    for (let i = 0; i < 50; i++) await (await fetch(url, init)).arrayBuffer(); // warm up
    const perRequest = [];
    const rates = [];
    for (let round = 0; round < ROUNDS; round++) {
      const load = await withCpu(pids, () => loadTest(url, request));
      const wrong = op.status ? load.requests - load.non2xx : load.non2xx;
      if (wrong || load.errors) console.log(`${id}: ${wrong} unexpected, errors ${load.errors}`);
      perRequest.push((load.cpuMsPerRequest ?? 0) * 1000);
      rates.push(load.rps);
    }
    console.log(
      `${id}: ${Math.round(median(perRequest))} µs CPU/req (rounds ${perRequest
        .map((v) => Math.round(v))
        .join(", ")}); ${Math.round(median(rates))} req/s`,
    );
  }
} finally {
  await runtime.dispose();
  await rm(outdir, { recursive: true, force: true });
}
