#!/usr/bin/env node
// `npm run bench:conversations`: what ingesting 10,000 support conversations costs (issue 16).
// The Worker, built as wrangler ships it, runs in Miniflare with the real local queue (the
// processing job) and the built-in insights engine. Varied conversations (~20 problems + noise,
// bench/lib/conversation-texts.mjs) are POSTed with bounded concurrency, one in ten from a
// second token (a second source); the bench waits until every conversation has `processedAt`.
// It reports throughput, D1 round trips and rows per conversation for the first and the last
// 1,000 (ingest request: X-Quire-D1; processing job: the consumer's jobStats lines), and the
// rows the list endpoints read at 10,000 against the budget 2 × limit + 10. Figures and method:
// docs/performance.md "Conversation insights (issue 16)". First, the clustering quality on the
// labelled corpora, tuning and held out (bench/lib/conversation-quality.mjs, docs/insights.md);
// `npm run bench:conversations -- --quality-only` stops there (seconds, no Worker).
import { expectStatus, startAreaBench, sumJobs, until, verdict } from "./lib/area-bench.mjs";
import { reportQuality } from "./lib/conversation-quality.mjs";
import { generateConversations } from "./lib/conversation-texts.mjs";

const COUNT = Number(process.env.BENCH_CONVERSATIONS) || 10_000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY) || 8;
const WINDOW = Math.min(1000, Math.floor(COUNT / 2));
const LIMIT = 50;

const QUALITY_ONLY = process.argv.includes("--quality-only");

const heldOutQuality = await reportQuality(verdict);
if (!heldOutQuality) process.exitCode = 1;
if (!QUALITY_ONLY) await loadBench();

/** The 10,000-conversation load bench through the Worker (issue 16). */
async function loadBench() {
  const bench = await startAreaBench("bench:conversations");
  const { say, api, runtime, seeded } = bench;
  const org = seeded.org;

  /** Means of the D1 counts of a list of `{rt, read, written}` (header) records. */
  function meanD1(list) {
    const n = list.length || 1;
    const sum = (k) => list.reduce((a, d) => a + (d?.[k] ?? 0), 0);
    return { rt: sum("rt") / n, read: sum("read") / n, written: sum("written") / n };
  }

  /** Means of the per-job counts, in the header's names. */
  function meanJobs(jobs) {
    const t = sumJobs(jobs);
    const n = jobs.length || 1;
    return { rt: t.roundTrips / n, read: t.rowsRead / n, written: t.rowsWritten / n, ms: t.ms / n };
  }

  const fmt = (d) =>
    `${d.rt.toFixed(2)} rt, ${d.read.toFixed(1)} read, ${d.written.toFixed(1)} written`;

  /** POSTs every conversation, `CONCURRENCY` at a time; each answer's D1 counts by index. */
  async function ingest(conversations) {
    const d1 = new Array(conversations.length);
    let next = 0;
    const worker = async () => {
      while (next < conversations.length) {
        const n = next++;
        const { label: _label, ...body } = conversations[n];
        const token = n % 10 === 9 ? seeded.second.token : seeded.token;
        let res = null;
        for (let attempt = 0; attempt < 3 && !res; attempt++) {
          res = await api("POST", `/orgs/${org}/conversations`, body, token).catch(() => null);
        }
        expectStatus(res ?? { status: 0, text: "socket failed 3 times" }, 204, `ingest ${body.id}`);
        d1[n] = res.d1;
        if (n > 0 && n % 2000 === 0) say(`${n} ingested`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return d1;
  }

  /** Rows read by one list request (X-Quire-D1) against the budget. */
  async function listRows(title, path, limit = LIMIT) {
    const res = expectStatus(await api("GET", path), 200, title);
    const budget = 2 * limit + 10;
    return {
      title,
      items: res.json.items.length,
      count: res.json.count,
      d1: res.d1,
      budget,
      pass: res.d1.read <= budget,
      next: res.json.next?.page,
    };
  }

  /** The cursor after `rows` rows of a list (one request of limit `rows`). */
  async function cursorAfter(path, rows) {
    const sep = path.includes("?") ? "&" : "?";
    const res = expectStatus(await api("GET", `${path}${sep}limit=${rows}`), 200, `cursor ${path}`);
    return res.json.next?.page ?? null;
  }

  try {
    const conversations = generateConversations(COUNT);
    const problems = new Set(conversations.map((c) => c.label).filter(Boolean));
    say(
      `ingesting ${COUNT} conversations (${problems.size} problems + noise), ${CONCURRENCY} at once`,
    );
    const started = performance.now();
    const ingestD1 = await ingest(conversations);
    const ingestSeconds = (performance.now() - started) / 1000;
    say(`ingested in ${ingestSeconds.toFixed(1)} s; waiting for processing`);
    let lastLine = runtime.log.lines.at(-1);
    let lastReport = performance.now();
    await until(
      async () => {
        // Progress every 15 s with the runtime's new log lines (a stalled queue shows here).
        if (performance.now() - lastReport > 15_000) {
          lastReport = performance.now();
          const lines = runtime.log.lines;
          const fresh = lines.at(-1) === lastLine ? [] : lines.slice(-3);
          lastLine = lines.at(-1);
          say(`${runtime.log.jobs.length} jobs done; log: ${fresh.join(" | ").slice(0, 1500)}`);
        }
        const row = await runtime.db
          .prepare(
            "SELECT count(*) AS total, count(processed_at) AS processed FROM conversations WHERE organization_id = ?",
          )
          .bind(org)
          .first();
        return row.total === COUNT && row.processed === COUNT ? row : null;
      },
      { timeoutMs: 900_000, ms: 500, what: "every conversation processed" },
    );
    const processedSeconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 500));
    const jobs = runtime.log.jobs.filter((j) => j.kind === "conversations.process");
    const totals = await runtime.db
      .prepare(
        `SELECT (SELECT count(*) FROM conversation_issues WHERE organization_id = ?1) AS issues,
              (SELECT count(*) FROM conversation_clusters WHERE organization_id = ?1) AS clusters`,
      )
      .bind(org)
      .first();
    say(`processed after ${processedSeconds.toFixed(1)} s; measuring the lists`);

    const cluster = (await api("GET", `/orgs/${org}/conversations-clusters?limit=1`)).json.items[0];
    const lists = [];
    const add = async (title, path, limit) => lists.push(await listRows(title, path, limit));
    const conv = `/orgs/${org}/conversations`;
    const issues = `/orgs/${org}/conversations-issues`;
    const clusters = `/orgs/${org}/conversations-clusters`;
    await add("conversations, first page", `${conv}?limit=${LIMIT}`);
    const deep = async (title, path) => {
      const cursor = await cursorAfter(path, 1000);
      if (cursor) await add(title, `${path}?limit=${LIMIT}&page=${encodeURIComponent(cursor)}`);
    };
    await deep("conversations, page at row 1,000", conv);
    await add(
      "conversations, source = 2nd token",
      `${conv}?limit=${LIMIT}&source=api:${seeded.second.tokenId}`,
    );
    await add("conversations, limit 1000", `${conv}?limit=1000`, 1000);
    await add("issues, first page", `${issues}?limit=${LIMIT}`);
    await deep("issues, page at row 1,000", issues);
    await add("issues, cluster filter", `${issues}?limit=${LIMIT}&cluster=${cluster.id}`);
    await add("issues, conversation filter", `${issues}?limit=${LIMIT}&conversation=bench-1`);
    await add("clusters, first page", `${clusters}?limit=${LIMIT}`);
    await add("clusters, oldest first", `${clusters}?limit=${LIMIT}&order=asc`);
    await add("clusters, limit 1000", `${clusters}?limit=1000`, 1000);

    const first = {
      ingest: meanD1(ingestD1.slice(0, WINDOW)),
      job: meanJobs(jobs.slice(0, WINDOW)),
    };
    const last = { ingest: meanD1(ingestD1.slice(-WINDOW)), job: meanJobs(jobs.slice(-WINDOW)) };
    const all = sumJobs(jobs);
    console.log(`\nConversation insights bench (${COUNT} conversations), machine:`);
    console.log(`  ${JSON.stringify(bench.machine)}`);
    console.log(`\nThroughput (${CONCURRENCY} concurrent POSTs)`);
    console.log(
      `  ingest                ${(COUNT / ingestSeconds).toFixed(0)} conversations/s (${ingestSeconds.toFixed(1)} s)`,
    );
    console.log(
      `  ingest + processing   ${(COUNT / processedSeconds).toFixed(0)} conversations/s (all processed after ${processedSeconds.toFixed(1)} s)`,
    );
    console.log(
      `  processing jobs       ${all.jobs} (${all.failed} failed), ${(all.ms / all.jobs).toFixed(1)} ms each on average`,
    );
    console.log(
      `  result                ${totals.issues} issues in ${totals.clusters} clusters (${problems.size} problems generated)`,
    );
    console.log(
      `\nD1 per conversation    first ${WINDOW}                                | last ${WINDOW}`,
    );
    console.log(`  ingest request        ${fmt(first.ingest).padEnd(38)} | ${fmt(last.ingest)}`);
    console.log(`  processing job        ${fmt(first.job).padEnd(38)} | ${fmt(last.job)}`);
    const rtRatio = (last.ingest.rt + last.job.rt) / (first.ingest.rt + first.job.rt);
    const writtenRatio =
      (last.ingest.written + last.job.written) / (first.ingest.written + first.job.written);
    const readRatio = (last.ingest.read + last.job.read) / (first.ingest.read + first.job.read);
    console.log(
      `  ratio last/first      round trips ${rtRatio.toFixed(2)}, rows written ${writtenRatio.toFixed(2)}, rows read ${readRatio.toFixed(2)}`,
    );
    console.log(`\nList rows read at ${COUNT} conversations (X-Quire-D1)`);
    for (const l of lists) {
      console.log(
        `  ${l.title.padEnd(36)} ${String(l.items).padStart(4)} items, count ${String(l.count).padStart(5)}: ${l.d1.rt} rt, ${String(l.d1.read).padStart(5)} rows read (budget ${l.budget})`,
      );
    }
    console.log("\nTargets");
    const lines = [
      verdict(
        rtRatio <= 1.25,
        `D1 round trips per conversation flat: last/first ${rtRatio.toFixed(2)} (≤ 1.25)`,
      ),
      verdict(
        writtenRatio <= 1.25,
        `rows written per conversation flat: last/first ${writtenRatio.toFixed(2)} (≤ 1.25)`,
      ),
      ...lists.map((l) => verdict(l.pass, `${l.title}: ${l.d1.read} rows read ≤ ${l.budget}`)),
    ];
    for (const line of lines) console.log(`  ${line}`);
    if (lines.some((l) => l.startsWith("FAIL"))) process.exitCode = 1;
  } catch (error) {
    say(`failed: ${error instanceof Error ? error.stack : error} ${error?.cause ?? ""}`);
    say(`runtime log tail:\n${runtime.log.lines.slice(-40).join("\n")}`);
    process.exitCode = 1;
  } finally {
    await bench.dispose();
  }
}
