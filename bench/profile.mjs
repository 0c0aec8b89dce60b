// A CPU profile of the Worker under load, through workerd's inspector: which functions of the
// bundle spend the time of one operation of the bench. Usage:
//   npm run bench:profile -- space-get   (BENCH_DURATION=5 by default)
// Prints the top functions by self time and by total time (bundle functions only, grouped by
// function name and source location), and the share of time outside JavaScript (idle/GC/D1).
import { rm } from "node:fs/promises";
import WebSocket from "ws";
import { buildWorker, readWranglerConfig } from "./lib/build.mjs";
import { BUILD_DIR } from "./lib/config.mjs";
import { declaredRoutes } from "./lib/execute.mjs";
import { loadTest } from "./lib/measure.mjs";
import { makeContext, OPERATIONS } from "./lib/operations.mjs";
import { applyMigrations, startRuntime, WORKERS } from "./lib/runtime.mjs";
import { seed } from "./lib/seed.mjs";

const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT) || 9339;
const [opId = "space-get"] = process.argv.slice(2);

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
async function connect(worker) {
  const list = await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json`)).json();
  const target = list.find((t) => t.title === worker || t.id === worker) ?? list[0];
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  let id = 0;
  const pending = new Map();
  ws.on("message", (data) => {
    const msg = JSON.parse(String(data));
    if (msg.id && pending.has(msg.id)) {
      pending.get(msg.id)(msg);
      pending.delete(msg.id);
    }
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        id += 1;
        pending.set(id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

/** Self and total time per function (name + location), from a V8 CPU profile. */
function summarise(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfHits = new Map();
  for (const s of profile.samples) selfHits.set(s, (selfHits.get(s) ?? 0) + 1);
  const total = profile.samples.length;
  const key = (n) => {
    const f = n.callFrame;
    return `${f.functionName || "(anonymous)"} ${f.url ? f.url.split("/").pop() : ""}:${f.lineNumber + 1}`;
  };
  const self = new Map();
  const incl = new Map();
  for (const [nodeId, hits] of selfHits) {
    const node = byId.get(nodeId);
    self.set(key(node), (self.get(key(node)) ?? 0) + hits);
    const seen = new Set();
    for (let at = nodeId; at !== undefined; at = parent.get(at)) {
      const k = key(byId.get(at));
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + hits);
    }
  }
  const top = (m, n) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
  return { total, self: top(self, 40), incl: top(incl, 60) };
}

const config = await readWranglerConfig();
// Its own build directory, so a bench running at the same time keeps its bundle.
const outdir = `${BUILD_DIR}-profile-${process.pid}`;
const { scriptPath, modulesRoot, ...bundle } = await buildWorker(outdir);
const runtime = await startRuntime(
  { scriptPath, modulesRoot, files: bundle.files },
  { ...config, inspectorPort: INSPECTOR_PORT },
);
try {
  await applyMigrations(runtime.db, config.migrationsDir);
  const seeded = await seed(runtime.db);
  const ctx = makeContext(runtime, seeded, await declaredRoutes(runtime.urls.app), Infinity);
  const op = OPERATIONS.find((o) => o.id === opId);
  if (!op || op.kind !== "load") throw new Error(`no load operation ${opId}`);
  const prep = op.prepare ? await op.prepare(ctx) : undefined;
  const url = `${runtime.urls[op.worker ?? "app"]}${op.path(ctx, prep)}`;
  // The operation's own request (a site token, a POST body) or the caller it reads as.
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
  const probe = await fetch(url, init);
  console.log(`${opId}: ${probe.status} ${(await probe.text()).slice(0, 200)}`);
  if (probe.status >= 500) console.log(runtime.log.lines.slice(-20).join("\n"));
  const inspector = await connect(WORKERS[op.worker ?? "app"]);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 100 });
  await inspector.send("Profiler.start");
  const load = await loadTest(url, request);
  const { result } = await inspector.send("Profiler.stop");
  inspector.close();
  const summary = summarise(result.profile);
  console.log(
    `${opId}: ${load.rps} req/s, non-2xx ${load.non2xx}, errors ${load.errors}; ${summary.total} samples`,
  );
  console.log("\nSelf time:\n" + summary.self.join("\n"));
  console.log("\nTotal time:\n" + summary.incl.join("\n"));
} finally {
  await runtime.dispose();
  await rm(outdir, { recursive: true, force: true });
}
