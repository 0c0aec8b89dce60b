#!/usr/bin/env node
// `npm run bench:translations`: what translating a 1,000-page space costs (issue 15). The Worker,
// built as wrangler ships it, runs in Miniflare with the real local queue; its outbound fetches
// reach a LibreTranslate-compatible fake engine in this process that answers at once (so the
// figures are Quire's). A 1,000-page space of rich Documents is seeded in SQL; the translation
// runs through the API (`POST …/translations/{id}/run`, polled until completed). Then ONE
// source page changes through a change request merged via the API, and the run is repeated.
// Per-job D1 counts come from the consumer's `jobStats` log lines (JOB_STATS=1). Figures and
// method: docs/performance.md "Translations (issue 15)".
import { expectStatus, startAreaBench, sumJobs, until, verdict } from "./lib/area-bench.mjs";
import { seedRichSpace } from "./lib/rich-space.mjs";

const PAGES = Number(process.env.BENCH_TRANSLATION_PAGES) || 1000;
const ENGINE_HOST = "translate.bench.example";
/** The target: the re-run writes within this many rows of a one-page merge. */
const MERGE_ROWS_TOLERANCE = 10;

/** The fake engine: `POST /translate` with `q` an array; words get a `-fr` suffix outside tags. */
const engine = { calls: 0, texts: 0, chars: 0, perCall: [] };
async function outboundService(request) {
  const url = new URL(request.url);
  if (url.hostname !== ENGINE_HOST || url.pathname !== "/translate" || request.method !== "POST") {
    return new Response(`no host ${url.hostname} in the bench`, { status: 502 });
  }
  const body = await request.json();
  const texts = Array.isArray(body.q) ? body.q : [body.q];
  engine.calls++;
  engine.texts += texts.length;
  engine.chars += texts.reduce((n, t) => n + t.length, 0);
  engine.perCall.push(texts.length);
  const translated = texts.map((t) =>
    t
      .split(/(<[^>]*>)/)
      .map((part) => (part.startsWith("<") ? part : part.replace(/[\p{L}]+/gu, (w) => `${w}-fr`)))
      .join(""),
  );
  return Response.json({ translatedText: Array.isArray(body.q) ? translated : translated[0] });
}

const bench = await startAreaBench("bench:translations", {
  extraBindings: { TRANSLATE_URL: `https://${ENGINE_HOST}`, OUTBOUND_DNS_CHECK: "off" },
  outboundService,
});
const { say, api, runtime, seeded } = bench;
const dropped = [];
const engineSnapshot = () => ({ ...engine, perCall: [...engine.perCall] });

/** Runs the translation once through the API; the jobs' counts and the engine calls it caused. */
async function run(translationId, expectedRuns) {
  const jobsBefore = runtime.log.jobs.length;
  const outcomesBefore = runtime.log.lines.filter((l) =>
    l.includes(`"translation":"${translationId}"`),
  ).length;
  const engineBefore = engineSnapshot();
  const started = performance.now();
  const path = `/orgs/${seeded.org}/translations/${translationId}`;
  const request = expectStatus(await api("POST", `${path}/run`), 204, "POST run");
  let last = null;
  const done = await until(
    async () => {
      // A dropped keep-alive socket (undici "other side closed") is retried, and counted.
      const res = await api("GET", path).catch((error) => {
        dropped.push(String(error?.cause ?? error));
        return null;
      });
      const t = res?.json;
      if (t) last = t;
      if (t?.error) throw new Error(`the run failed: ${t.error.message}`);
      return t?.status === "completed" && t.stats.runs === expectedRuns ? t : null;
    },
    { timeoutMs: 300_000, ms: 100, what: "the translation run to complete" },
  ).catch((error) => {
    const jobs = runtime.log.jobs.slice(jobsBefore);
    const runLines = runtime.log.lines.slice(-8);
    throw new Error(
      `${error.message}; last state ${JSON.stringify(last)}; ${dropped.length} dropped polls; jobs since: ${JSON.stringify(jobs.slice(-8))}; log: ${runLines.join(" | ")}`,
    );
  });
  const seconds = (performance.now() - started) / 1000;
  // The run is `completed` inside the last message, which then indexes the result space for
  // search: its counts come when that message ends. Every message but `start` logs an outcome.
  const outcomes = () =>
    runtime.log.lines.filter((l) => l.includes(`"translation":"${translationId}"`)).length;
  const ownJobs = () =>
    runtime.log.jobs.slice(jobsBefore).filter((j) => j.kind === "translations.run");
  const lastJob = await until(
    () => (ownJobs().length >= outcomes() - outcomesBefore + 1 ? true : null),
    {
      timeoutMs: 180_000,
      ms: 200,
      what: "the run's last queue message to end",
    },
  ).catch(() => false);
  const jobs = ownJobs();
  const perCall = engine.perCall.slice(engineBefore.perCall.length);
  return {
    seconds,
    lastJob,
    stats: done.stats,
    request: request.d1,
    jobs: sumJobs(jobs),
    perJob: jobs.map(
      (j) => `${j.roundTrips} rt/${j.rowsRead} read/${j.rowsWritten} written/${j.ms} ms`,
    ),
    engine: {
      calls: engine.calls - engineBefore.calls,
      texts: engine.texts - engineBefore.texts,
      chars: engine.chars - engineBefore.chars,
      minTextsPerCall: perCall.length ? Math.min(...perCall) : 0,
      maxTextsPerCall: perCall.length ? Math.max(...perCall) : 0,
    },
  };
}

/** One source page changed through a change request merged via the API, with each step's D1. */
async function changeOnePage(spaceId, pageId) {
  const base = `/spaces/${spaceId}/change-requests`;
  const created = expectStatus(await api("POST", base, { subject: "One page" }), 201, "create CR");
  const markdown = `Changed by the bench at ${new Date().toISOString()}.\n\n* one item\n* two items\n`;
  const batch = expectStatus(
    await api("POST", `${base}/${created.json.id}/content`, {
      changes: [{ operation: "update_page", page: pageId, document: { markdown } }],
    }),
    200,
    "content batch",
  );
  const merge = expectStatus(await api("POST", `${base}/${created.json.id}/merge`), 200, "merge");
  return { create: created.d1, batch: batch.d1, merge: merge.d1, mergeMs: merge.ms };
}

const perPage = (n, pages) => Math.round((n / pages) * 100) / 100;

try {
  say(`seeding a ${PAGES}-page space of rich Documents`);
  const space = await seedRichSpace(runtime.db, seeded, PAGES);
  say(`seeded in ${space.seedSeconds.toFixed(1)} s (${space.documentBytes} bytes of Documents)`);
  const created = expectStatus(
    await api("POST", `/orgs/${seeded.org}/translations`, {
      source: { space: space.spaceId, language: "en" },
      language: "fr",
    }),
    201,
    "create translation",
  );
  say("first run: the whole space");
  const first = await run(created.json.id, 1);
  say(`first run done in ${first.seconds.toFixed(1)} s`);

  const pages = first.stats.latestPages;
  const e = first.engine;
  console.log(`\nTranslations bench (${PAGES} pages, ${space.groups} groups), machine:`);
  console.log(`  ${JSON.stringify(bench.machine)}`);
  console.log("\nFirst run (whole space)");
  console.log(`  total time            ${first.seconds.toFixed(1)} s (POST run → completed)`);
  console.log(`  pages translated      ${pages}, words ${first.stats.latestWords}`);
  console.log(
    `  engine calls          ${e.calls} for ${e.texts} texts (${(e.texts / e.calls).toFixed(1)} texts/call, min ${e.minTextsPerCall}, max ${e.maxTextsPerCall}; ${Math.round(e.chars / e.calls)} chars/call)`,
  );
  const j = first.jobs;
  if (!first.lastJob)
    console.log("  (the last message had not ended 180 s after `completed`: counts exclude it)");
  console.log(`  queue messages        ${j.jobs} (${j.failed} failed), job time ${j.ms} ms`);
  console.log(
    `  D1 (jobs)             ${j.roundTrips} round trips, ${j.rowsRead} rows read, ${j.rowsWritten} rows written`,
  );
  console.log(
    `  D1 per page           ${perPage(j.roundTrips, pages)} round trips, ${perPage(j.rowsRead, pages)} rows read, ${perPage(j.rowsWritten, pages)} rows written`,
  );
  console.log(`  POST run request      ${JSON.stringify(first.request)}`);
  // The first run is printed before: a stalled second run still leaves its figures.
  say("changing one page through a change request");
  const change = await changeOnePage(space.spaceId, space.pageIds[Math.floor(PAGES / 2)]);
  say("second run: one page changed");
  const second = await run(created.json.id, 2);
  console.log("\nOne page changed (change request + content batch + merge through the API)");
  console.log(`  create ${JSON.stringify(change.create)}`);
  console.log(`  batch  ${JSON.stringify(change.batch)}`);
  console.log(`  merge  ${JSON.stringify(change.merge)} (${change.mergeMs.toFixed(0)} ms)`);
  const s = second.jobs;
  const runWritten = s.rowsWritten + (second.request?.written ?? 0);
  console.log("\nSecond run (after the one-page change)");
  console.log(`  total time            ${second.seconds.toFixed(1)} s`);
  console.log(`  pages translated      ${second.stats.latestPages}`);
  console.log(`  engine calls          ${second.engine.calls} for ${second.engine.texts} texts`);
  console.log(
    `  D1 (jobs)             ${s.jobs} messages, ${s.roundTrips} round trips, ${s.rowsRead} rows read, ${s.rowsWritten} rows written`,
  );
  console.log(`  per message           ${second.perJob.join(", ")}`);
  console.log(`  POST run request      ${JSON.stringify(second.request)}`);

  if (dropped.length)
    console.log(`\n${dropped.length} poll(s) dropped by the socket: ${dropped[0]}`);
  const mergeWritten = change.merge.written;
  console.log("\nTargets");
  const lines = [
    verdict(
      e.calls < e.texts && e.calls <= Math.ceil(e.texts / 100) + j.jobs,
      `engine calls batched: ${e.calls} calls for ${e.texts} texts (not one per text run)`,
    ),
    verdict(
      first.stats.latestPages === PAGES + space.groups || pages >= PAGES,
      `first run translated ${pages} pages`,
    ),
    verdict(
      second.stats.latestPages === 1,
      `re-run after a one-page change translated ${second.stats.latestPages} page(s) (must be 1)`,
    ),
    verdict(
      Math.abs(runWritten - mergeWritten) <= MERGE_ROWS_TOLERANCE,
      `re-run rows written ${runWritten} (jobs ${s.rowsWritten} + request ${second.request?.written ?? 0}) vs one-page merge ${mergeWritten}: within ±${MERGE_ROWS_TOLERANCE}`,
    ),
  ];
  for (const line of lines) console.log(`  ${line}`);
  if (lines.some((l) => l.startsWith("FAIL"))) process.exitCode = 1;
} catch (error) {
  say(`failed: ${error instanceof Error ? error.stack : error} ${error?.cause ?? ""}`);
  const tail = runtime.log.lines.filter((l) => !l.startsWith('{"translation"')).slice(-40);
  say(`runtime log tail:\n${tail.join("\n")}`);
  process.exitCode = 1;
} finally {
  await bench.dispose();
}
