// CPU per request of some load operations of the bench: workerd's user + system CPU across each
// load run divided by the requests it answered. Far less sensitive to other work on the machine
// than req/s, so it compares two versions of the code (run both at the same time, each from its
// own worktree). Usage:
//   node bench/cpu.mjs space-get site-token-document   (BENCH_CPU_ROUNDS=5, BENCH_DURATION=4)
// Prints, per operation, the median µs of CPU per request over the rounds and the req/s seen.
import { readFile, readdir, rm } from "node:fs/promises";
import { resolve } from "node:path";
import { buildWorker, readWranglerConfig } from "./lib/build.mjs";
import { ROOT } from "./lib/config.mjs";
import { declaredRoutes } from "./lib/execute.mjs";
import { loadTest } from "./lib/measure.mjs";
import { makeContext, OPERATIONS } from "./lib/operations.mjs";
import { applyMigrations, startRuntime } from "./lib/runtime.mjs";
import { seed } from "./lib/seed.mjs";

const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS) > 0 ? Number(process.env.BENCH_CPU_ROUNDS) : 5;
const ids = process.argv.slice(2);
if (!ids.length) throw new Error("usage: node bench/cpu.mjs <operation id>...");

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The pids of every process under `root` (Miniflare's workerd is a child of this process). */
async function descendants(root) {
  const children = new Map();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const parent = Number(fields[1]);
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      children.set(Number(entry), { parent, command });
    } catch {
      // the process ended while we looked
    }
  }
  const found = [];
  const walk = (pid) => {
    for (const [child, info] of children) {
      if (info.parent !== pid) continue;
      found.push({ pid: child, command: info.command });
      walk(child);
    }
  };
  walk(root);
  return found;
}

/** user + system CPU seconds of the workerd processes. */
async function workerdCpu(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const outdir = resolve(ROOT, `bench/.build-cpu-${process.pid}`);
const config = await readWranglerConfig();
const { scriptPath, modulesRoot, ...bundle } = await buildWorker(outdir);
const runtime = await startRuntime({ scriptPath, modulesRoot, files: bundle.files }, config);
try {
  await applyMigrations(runtime.db, config.migrationsDir);
  const seeded = await seed(runtime.db);
  const ctx = makeContext(runtime, seeded, await declaredRoutes(runtime.urls.app), Infinity);
  const workerd = (await descendants(process.pid)).filter((p) => p.command.includes("workerd"));
  if (!workerd.length) throw new Error("no workerd process found under this one");
  const pids = workerd.map((p) => p.pid);
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
      const before = await workerdCpu(pids);
      const load = await loadTest(url, request);
      const after = await workerdCpu(pids);
      const wrong = op.status ? load.requests - load.non2xx : load.non2xx;
      if (wrong || load.errors) console.log(`${id}: ${wrong} unexpected, errors ${load.errors}`);
      perRequest.push(((after - before) * 1e6) / Math.max(1, load.requests));
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
