#!/usr/bin/env node
// `npm run bench:integrations`: what running integrations costs (issue 12). Builds the Worker as
// wrangler ships it, runs it in Miniflare (workerd, local D1/R2, the JOBS queue, the LOADER Worker
// Loader) beside the one-round-trip ceiling Worker, publishes the example integration
// (examples/integrations/hello, bundled as the official CLI does) and a minimal script through
// `POST /v1/integrations/{name}`, installs them, and measures: the public endpoint's fetch event
// to a warm isolate under load (autocannon) next to the ceiling; queue-delivered events (enqueue →
// recorded success); the cold start of a new version (first dispatch after each publish); and the
// rows the event list reads on its first and a deep page. Figures: docs/performance.md; raw
// figures in bench/results/integrations-<timestamp>.json. Knobs: BENCH_DURATION and
// BENCH_CONNECTIONS (as `npm run bench`), BENCH_COLD_SAMPLES, BENCH_QUEUE_SAMPLES, BENCH_EVENTS,
// BENCH_FILL_SECONDS, BENCH_DEADLINE_SECONDS. Exits 1 when a check fails.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildExampleIntegration } from "../scripts/build-example-integration.mjs";
import { buildWorker, readWranglerConfig } from "./lib/build.mjs";
import { LOAD, RESULTS_DIR } from "./lib/config.mjs";
import { coldStarts, eventLists, queueLatency, stats } from "./lib/integrations-measure.mjs";
import {
  apiClient,
  install,
  MINIMAL_SCRIPT,
  publish,
  seedOrganization,
  settledEventRow,
} from "./lib/integrations-setup.mjs";
import { loadTest, sample } from "./lib/measure.mjs";
import { machine } from "./lib/report.mjs";
import { applyMigrations, startRuntime } from "./lib/runtime.mjs";

const num = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
/** Sizes of the run (environment overrides for a quick look). */
const SIZES = {
  coldSamples: num("BENCH_COLD_SAMPLES", 8),
  queueSamples: num("BENCH_QUEUE_SAMPLES", 8),
  events: num("BENCH_EVENTS", 2_200),
  /** Seconds of firing fetch events to fill the event list before copying rows instead. */
  fillSeconds: num("BENCH_FILL_SECONDS", 30),
  deadlineSeconds: num("BENCH_DEADLINE_SECONDS", 300),
};

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const say = (text) => process.stderr.write(`[bench:integrations ${elapsed()}] ${text}\n`);

let runtime = null;
const hardStop = setTimeout(async () => {
  say("run deadline passed: stopping");
  await runtime?.dispose().catch(() => {});
  process.exit(2);
}, SIZES.deadlineSeconds * 1000);
hardStop.unref();

/** Sequential samples (D1 counts, warm-up) then autocannon against one URL. */
async function measureLoad(label, url, request = {}) {
  say(`load: ${label}`);
  const seq = await sample(url, request);
  if (seq.statuses.some((s) => s !== 200)) {
    throw new Error(`${label}: statuses ${seq.statuses} ${seq.last.text.slice(0, 300)}`);
  }
  const load = await loadTest(url, request);
  say(`${label}: ${load.rps.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms`);
  return { label, d1: seq.d1, sequentialMs: stats(seq.ms), ...load };
}

async function main() {
  const result = { startedAt: new Date().toISOString(), machine: machine(), bounds: { ...LOAD } };
  const buildDir = await mkdtemp(join(tmpdir(), "quire-bench-int-build-"));
  try {
    say("building the Worker (wrangler deploy --dry-run) and the example integration");
    const config = await readWranglerConfig();
    const { scriptPath, modulesRoot, files } = await buildWorker(buildDir);
    const hello = await buildExampleIntegration();
    runtime = await startRuntime({ scriptPath, modulesRoot, files }, config);
    await applyMigrations(runtime.db, config.migrationsDir);
    const { db, urls } = runtime;
    const { org, token } = await seedOrganization(db);
    const api = apiClient(urls.app, token);

    say("publishing and installing the example integration and a minimal script");
    const names = { hello: "bench-hello", minimal: "bench-minimal" };
    const ids = {};
    for (const [key, script] of [
      ["hello", hello],
      ["minimal", MINIMAL_SCRIPT],
    ]) {
      await publish(api, names[key], org, script);
      ids[key] = await install(api, names[key], org);
    }
    const setup = await settledEventRow(db, "type = 'installation_setup' AND installation_id = ?", [
      ids.hello,
    ]);
    if (setup?.status !== "success")
      throw new Error(`installation_setup: ${JSON.stringify(setup)}`);
    const endpoint = (key) =>
      `${urls.app}/v1/integrations/${names[key]}/installations/${ids[key]}/endpoint/bench`;

    const auth = { headers: { authorization: `Bearer ${token}` } };
    result.dispatch = [
      await measureLoad("ceiling: one D1 point read", urls.pointRead, auth),
      await measureLoad("fetch event, example (@gitbook/runtime)", endpoint("hello")),
      await measureLoad("fetch event, minimal script", endpoint("minimal")),
    ];

    say(`queue-delivered events: ${SIZES.queueSamples} space installations each, one at a time`);
    result.queue = [];
    for (const key of ["minimal", "hello"]) {
      const q = await queueLatency(api, db, names[key], ids[key], org, SIZES.queueSamples);
      result.queue.push({ label: key === "hello" ? "example" : "minimal script", ...q });
    }

    say(`cold starts: ${SIZES.coldSamples} publishes, first dispatch after each`);
    result.cold = [
      await coldStarts(api, db, names.hello, org, hello, endpoint("hello"), {
        samples: SIZES.coldSamples,
      }),
      await coldStarts(api, db, names.minimal, org, MINIMAL_SCRIPT, endpoint("minimal"), {
        samples: SIZES.coldSamples,
      }),
    ];

    say(`event lists: filling to ${SIZES.events} events`);
    result.lists = await eventLists(
      api,
      db,
      names.hello,
      endpoint("hello"),
      SIZES.events,
      SIZES.fillSeconds,
    );
    // Every dispatch to an installation mints its environment's API token (15 min): rows kept.
    result.installationTokens = (
      await db
        .prepare("SELECT COUNT(*) AS n FROM api_tokens WHERE label LIKE 'installation %'")
        .first()
    ).n;
  } finally {
    await runtime?.dispose().catch(() => {});
    await rm(buildDir, { recursive: true, force: true });
  }
  return result;
}

function print(result) {
  const m = result.machine;
  const ms = (n) => (n == null ? "—" : n.toFixed(1));
  const lines = [
    `Quire integrations bench ${result.startedAt} — ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, ` +
      `Node ${m.node}, miniflare ${m.miniflare}, load average ${m.loadAverage.join(" ")}`,
    `Load: autocannon, ${result.bounds.connections} connections, ${result.bounds.durationSeconds} s.`,
    "",
    "Dispatch (warm)                                | req/s  | p50 ms | p99 ms | alone p50 | D1 rt/read/written | errors",
  ];
  const ceiling = result.dispatch[0];
  for (const d of result.dispatch) {
    const d1 = d.d1 ? `${d.d1.rt}/${d.d1.read}/${d.d1.written}` : "—";
    lines.push(
      `${d.label.padEnd(46)} | ${d.rps.toFixed(0).padStart(6)} | ${String(d.p50).padStart(6)} | ` +
        `${String(d.p99).padStart(6)} | ${ms(d.sequentialMs.p50).padStart(9)} | ${d1.padEnd(18)} | ${d.errors + d.non2xx}` +
        (d === ceiling ? "" : `  (${(d.rps / ceiling.rps).toFixed(2)} of the ceiling)`),
    );
  }
  lines.push("");
  for (const q of result.queue) {
    lines.push(
      `Queue-delivered space_installation_setup, ${q.label} (${q.samples}, one at a time): ` +
        `enqueue → recorded success p50 ${ms(q.serverMs.p50)} ms, max ${ms(q.serverMs.max)} ms; ` +
        `install answer → seen settled p50 ${ms(q.observedMs.p50)} ms` +
        (q.failure ? `; FAILED: ${q.failure}` : ""),
    );
  }
  for (const [c, label] of [
    [result.cold[0], "example"],
    [result.cold[1], "minimal script"],
  ]) {
    lines.push(
      `Cold start, ${label} (${c.samples} new versions): first dispatch p50 ${ms(c.coldMs.p50)} ms, ` +
        `max ${ms(c.coldMs.max)} ms; the next one p50 ${ms(c.warmMs.p50)} ms; publish p50 ` +
        `${ms(c.publishMs.p50)} ms; dispatched versions ${c.versionsOk ? "match" : "DO NOT match"}` +
        (label === "example" ? "" : `; new isolate each time: ${c.freshIsolates ? "yes" : "NO"}`),
    );
  }
  lines.push(
    "",
    `Event lists: ${result.lists.events} events (${result.lists.fired} fired as fetch events, ` +
      `${result.lists.copied} copies of those rows)`,
    `Installation API tokens stored after the run: ${result.installationTokens} (one per dispatch)`,
    "List                                           | limit | rows read | budget | result",
  );
  for (const l of result.lists.checks) {
    lines.push(
      `${l.label.padEnd(46)} | ${String(l.limit).padStart(5)} | ${String(l.read).padStart(9)} | ` +
        `${String(l.budget ?? "—").padStart(6)} | ${l.pass === null ? "—" : l.pass ? "PASS" : "FAIL"}`,
    );
  }
  return lines.join("\n");
}

try {
  const result = await main();
  console.log(print(result));
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `integrations-${result.startedAt.replace(/[:.]/g, "-")}.json`);
  await writeFile(file, JSON.stringify(result, null, 2) + "\n");
  console.log(`\nRaw figures: ${file}`);
  say("done");
  const failed =
    result.lists.checks.some((l) => l.pass === false) ||
    result.queue.some((q) => q.failure) ||
    result.cold.some((c) => !c.versionsOk || !c.freshIsolates);
  if (failed) process.exitCode = 1;
} catch (err) {
  say(`failed: ${err instanceof Error ? err.stack : err}`);
  if (runtime?.log.lines.length)
    say(
      `runtime log tail:\n${runtime.log.lines.slice(-Number(process.env.BENCH_LOG_LINES ?? 30)).join("\n")}`,
    );
  process.exitCode = 1;
} finally {
  clearTimeout(hardStop);
}
