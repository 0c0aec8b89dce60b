#!/usr/bin/env node
// `npm run bench:collab`: live co-editing (issue 38). N simulated people (BENCH_CLIENTS, default
// 50: Yjs in Node over the live route's WebSocket, API-token auth) type words into one page of a
// change request at a human rate for BENCH_SECONDS (default 120); then the same people relay
// messages of the same size and rate through a bare Durable Object (the transport's own limit),
// and through one that writes each message to its SQLite first (transport + one durable write).
// Reports lost updates (every final document holds every word typed), convergence, the p95 delay
// from one person's update to the others against the relay's p95, the workerd CPU per update
// and the relay's per message (the transport's own CPU), the messages a deployment is billed for
// (incoming WebSocket messages count 20:1), and whether the page read through the API holds the
// converged text. The people run in BENCH_CLIENT_THREADS worker threads (default 2; the relays'
// people run in the same threads the same way); BENCH_AWARENESS=0 drops the awareness updates
// (a cursor move every 4th word) to count their fan-out apart. Raw: bench/results/collab-*.json.
// Method and figures: docs/performance.md, "Live co-editing".
import { rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { buildWorker, readWranglerConfig } from "./lib/build.mjs";
import { startCollabRuntime } from "./lib/collab-runtime.mjs";
import { startClientThreads } from "./lib/collab-threads.mjs";
import { summarise, seedRoomPage, writeCollabResults } from "./lib/collab-report.mjs";
import { cpuNanoseconds, workerdPids } from "./lib/reader-measure.mjs";
import { machine } from "./lib/report.mjs";
import { applyMigrations } from "./lib/runtime.mjs";

const positive = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const CLIENTS = positive("BENCH_CLIENTS", 50);
const SECONDS = positive("BENCH_SECONDS", 120);
/** A word every ~1.5 s per person (a person typing, counted as Yjs updates of one word each). */
const INTERVAL_MS = positive("BENCH_INTERVAL_MS", 1500);
/** Worker threads the people are spread over (each decodes and applies every update it gets). */
const THREADS = positive("BENCH_CLIENT_THREADS", 2);
/** Whether people send an awareness update (their cursor) every 4th word, as the editor does. */
const AWARENESS = process.env.BENCH_AWARENESS !== "0";
const BUILD = join(tmpdir(), `quire-collab-bench-build-${process.pid}`);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const started = performance.now();
const say = (text) =>
  process.stderr.write(
    `[bench:collab ${((performance.now() - started) / 1000).toFixed(1)} s] ${text}\n`,
  );

/** Waits until `check()` is true (polling), or `ms` passed; answers whether it became true. */
async function until(check, ms) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}

let runtime = null;
let people = null;
const loadAtStart = loadavg().map((n) => Math.round(n * 100) / 100);
try {
  say("building the API Worker (wrangler deploy --dry-run)");
  const build = await buildWorker(BUILD);
  const config = await readWranglerConfig();
  runtime = await startCollabRuntime(build, config);
  await applyMigrations(runtime.db, config.migrationsDir);
  const seeded = await seedRoomPage(runtime.db, runtime.urls.app);
  const liveUrl = `${runtime.urls.app.replace(/^http/, "ws")}/v1${seeded.livePath}`;
  const pids = await workerdPids();

  people = startClientThreads(THREADS, CLIENTS);
  say(`${CLIENTS} people join the room (${people.threads} threads, awareness ${AWARENESS})`);
  await people.join("room", { url: liveUrl, token: seeded.token });
  await until(() => people.synced(), 30_000);

  say(`typing for ${SECONDS} s`);
  const cpuBefore = await cpuNanoseconds(pids);
  const sentBefore = (await people.counts()).sentMessages;
  const loopDelay = await people.act("room", INTERVAL_MS, SECONDS * 1000, AWARENESS);
  const converged = await until(async () => {
    const fragments = await people.fragments();
    return fragments.every((f) => f === fragments[0]);
  }, 60_000);
  const cpuMs = ((await cpuNanoseconds(pids)) - cpuBefore) / 1e6;
  const book = await people.book();
  const roomIncoming = book.sentMessages - sentBefore;
  const everyone = await people.people();
  const typed = everyone.reduce((n, c) => n + c.typed.length, 0);
  const all = everyone.flatMap((c) => c.typed);
  const lost = everyone.map((c) => {
    const words = new Set(c.held);
    const missing = all.filter((w) => !words.has(w));
    if (process.env.BENCH_DEBUG && missing.length)
      say(`missing ${missing} in ${c.held.join(" ").slice(-400)}`);
    return missing.length;
  });

  say("waiting for the room's write-back, then reading the page through the API");
  // The write-back is debounced (2 s after the latest edit, at most 10 s after the first).
  const readPage = async () => {
    const res = await fetch(`${runtime.urls.app}/v1${seeded.pagePath}`, {
      headers: { Authorization: `Bearer ${seeded.token}` },
    });
    const words = new Set(JSON.stringify(await res.json()).split(/\\n|[\s"]+/));
    const missing = all.filter((w) => !words.has(w));
    if (process.env.BENCH_DEBUG && missing.length)
      say(`missing ${missing} in ${[...words].join(" ").slice(-400)}`);
    return missing.length;
  };
  let missingInApi = await readPage();
  const saved = await until(async () => (missingInApi = await readPage()) === 0, 30_000);
  // Sockets the room closed before the bench did (none expected); statuses as of now.
  const final = await people.people();
  const closedEarly = final.filter((c) => c.closed).map((c) => c.closed);
  // The write-backs the room made (each tells every socket "saved" with its documentId; the
  // first status, on open, names the seeded one).
  const writeBackStatuses = final[0].statuses.slice(1).filter((s) => s.saved);
  const writeBacks = new Set(writeBackStatuses.map((s) => s.documentId));
  await people.close();

  const bytes = Math.round(book.sentBytes / Math.max(book.sentMessages, 1));
  /** The same people on a relay (bare, or writing each message first): delays and CPU. */
  const relayPhase = async (url) => {
    await people.join("relay", { url, bytes });
    const before = await cpuNanoseconds(pids);
    const loopDelay = await people.act("relay", INTERVAL_MS, Math.min(SECONDS, 30) * 1000);
    await sleep(1000);
    const cpuMs = ((await cpuNanoseconds(pids)) - before) / 1e6;
    const relayBook = await people.book();
    await people.close();
    return { relayBook, cpuMs, loopDelay };
  };
  const relayWs = runtime.urls.relay.replace(/^http/, "ws");
  say("the same people on the bare relay");
  const { relayBook, cpuMs: relayCpuMs, loopDelay: relayLoopDelay } = await relayPhase(relayWs);
  say("the same people on the relay that writes each message first");
  const durable = await relayPhase(`${relayWs}/durable`);

  const result = summarise({
    startedAt: new Date().toISOString(),
    machine: machine(),
    settings: {
      clients: CLIENTS,
      seconds: SECONDS,
      intervalMs: INTERVAL_MS,
      relayBytes: bytes,
      clientThreads: people.threads,
      awareness: AWARENESS,
      loadAverageAtStart: loadAtStart,
    },
    typed,
    lost,
    converged,
    saved,
    missingInApi,
    writeBacks: writeBacks.size,
    writeBackTimes: writeBackStatuses.map((s) => s.at),
    closes: closedEarly.filter((c) => c.code !== 1005 && c.code !== 1000),
    book,
    relayBook,
    roomIncoming,
    cpuMs,
    relayCpuMs,
    durable,
    loopDelays: { room: loopDelay, relay: relayLoopDelay, durableRelay: durable.loopDelay },
    connections: CLIENTS,
  });
  const file = await writeCollabResults(result);
  process.stdout.write(`${JSON.stringify(result.figures, null, 2)}\nraw: ${file}\n`);
  process.exitCode = result.figures.pass ? 0 : 1;
} catch (err) {
  say(`failed: ${err.stack ?? err}`);
  if (runtime) say(`runtime log:\n${runtime.log.slice(-20).join("")}`);
  process.exitCode = 2;
} finally {
  await people?.dispose().catch(() => {});
  await runtime?.dispose().catch(() => {});
  await rm(BUILD, { recursive: true, force: true }).catch(() => {});
}
