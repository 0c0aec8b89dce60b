// What the reader bench measures besides throughput: first renders (wall time and workerd CPU
// per request), the bytes of a page and of the CSS and JS it links, and 304 revalidation checks.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { CLOSING_TEXT } from "./reader-markdown.mjs";

/** The pids of the workerd processes under this one (Miniflare starts workerd as a child). */
export async function workerdPids(root = process.pid) {
  const parents = new Map();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      parents.set(Number(entry), { parent: Number(fields[1]), command });
    } catch {
      // the process ended while we looked
    }
  }
  const found = [];
  const walk = (pid) => {
    for (const [child, info] of parents) {
      if (info.parent !== pid) continue;
      if (info.command.includes("workerd")) found.push(child);
      walk(child);
    }
  };
  walk(root);
  if (!found.length) throw new Error("no workerd process found under this one");
  return found;
}

/**
 * Nanoseconds on CPU of every thread of the given processes so far (`/proc/<pid>/task/<tid>/
 * schedstat`, first field: the scheduler's own run-time count, nanosecond resolution, unlike the
 * 10 ms ticks of /proc/<pid>/stat).
 */
export async function cpuNanoseconds(pids) {
  let total = 0;
  for (const pid of pids) {
    for (const tid of await readdir(`/proc/${pid}/task`)) {
      try {
        const text = await readFile(`/proc/${pid}/task/${tid}/schedstat`, "utf8");
        total += Number(text.split(" ")[0]);
      } catch {
        // the thread ended while we looked
      }
    }
  }
  return total;
}

/**
 * A load run (`run`, e.g. autocannon through bench/lib/measure.mjs) with the workerd CPU it
 * caused per answered request: steadier than req/s on a busy machine, as bench/cpu.mjs found.
 */
export async function withCpu(pids, run) {
  const before = await cpuNanoseconds(pids);
  const load = await run();
  const cpuNs = (await cpuNanoseconds(pids)) - before;
  return {
    ...load,
    cpuMsPerRequest: load.requests ? Math.round((cpuNs / 1e6 / load.requests) * 1000) / 1000 : null,
  };
}

/** Nearest-rank percentile. */
function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round = (n) => Math.round(n * 100) / 100;

/** p50, p90, max and mean of a list, rounded to 0.01. */
function summary(values) {
  if (!values.length) return null;
  return {
    count: values.length,
    p50: round(percentile(values, 50)),
    p90: round(percentile(values, 90)),
    max: round(Math.max(...values)),
    mean: round(values.reduce((a, b) => a + b, 0) / values.length),
  };
}

/**
 * How long after an answer its CPU is still counted: work the reader hands to `waitUntil` (the
 * rendered page written to the Workers cache) runs after the response and belongs to it.
 */
const SETTLE_MS = 30;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** workerd CPU over one settle window with no request (its timers and polling): the noise floor. */
export async function idleCpuMs(pids, windows = 10) {
  const values = [];
  for (let i = 0; i < windows; i++) {
    const before = await cpuNanoseconds(pids);
    await sleep(SETTLE_MS);
    values.push(((await cpuNanoseconds(pids)) - before) / 1e6);
  }
  return { windowMs: SETTLE_MS, ...summary(values) };
}

/**
 * One GET, sequential, with its wall time (to the end of the body) and the workerd CPU it caused
 * until `SETTLE_MS` after (every Worker in the process: the reader, the API it calls and D1
 * under it). Throws on anything but an HTML 200.
 */
export async function measuredGet(url, pids) {
  const cpuBefore = await cpuNanoseconds(pids);
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const html = await response.text();
  const wallMs = performance.now() - started;
  await sleep(SETTLE_MS);
  const cpuMs = ((await cpuNanoseconds(pids)) - cpuBefore) / 1e6;
  const type = response.headers.get("content-type") ?? "";
  if (response.status !== 200 || !type.includes("text/html")) {
    throw new Error(`${url} answered ${response.status} ${type}: ${html.slice(0, 300)}`);
  }
  return {
    url,
    wallMs: round(wallMs),
    cpuMs: round(cpuMs),
    etag: response.headers.get("etag"),
    // A page whose document did not render (a 200 with an empty article) costs far less than a
    // real render: its figures must not pass for one.
    contentRendered: CLOSING_TEXT.test(html),
    html,
  };
}

/**
 * First renders: each page of `pages` requested once, in order, none of them requested before.
 * The first is the isolate's first page (it also loads the site and its revision tree); the
 * others reuse what the isolate keeps and render their own document.
 */
export async function firstRenders(pages, pids) {
  const runs = [];
  for (const page of pages) {
    const { html, ...run } = await measuredGet(page.url, pids);
    runs.push({ ...run, htmlBytes: html.length, documentBytes: page.documentBytes });
  }
  const [first, ...later] = runs;
  const all = (key) => runs.map((r) => r[key]);
  const rest = (key) => later.map((r) => r[key]);
  return {
    withoutContent: runs.filter((r) => !r.contentRendered).length,
    firstOfIsolate: first,
    later: { wallMs: summary(rest("wallMs")), cpuMs: summary(rest("cpuMs")) },
    all: { wallMs: summary(all("wallMs")), cpuMs: summary(all("cpuMs")) },
    runs,
  };
}

/** The reader's static files a page links (`/_quire/<name>` stylesheets and scripts). */
function linkedAssets(html) {
  const found = { css: new Set(), js: new Set() };
  for (const [, href] of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) {
    const name = href.match(/\/_quire\/([^?#"]+)/)?.[1];
    if (name) found.css.add(name);
  }
  for (const [, src] of html.matchAll(/<script\b[^>]*src="([^"]+)"/g)) {
    const name = src.match(/\/_quire\/([^?#"]+)/)?.[1];
    if (name) found.js.add(name);
  }
  return { css: [...found.css], js: [...found.js] };
}

const gzipBytes = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * Raw and gzipped (-9) sizes of the files named, read from the reader's public/_quire folder; a
 * linked file that is not there is listed in `missing` (the page would fetch a 404).
 */
async function assetSizes(publicDir, names) {
  const files = [];
  const missing = [];
  for (const name of names) {
    const bytes = await readFile(join(publicDir, "_quire", name)).catch(() => null);
    if (bytes) files.push({ name, rawBytes: bytes.length, gzipBytes: gzipBytes(bytes) });
    else missing.push(name);
  }
  return {
    files,
    missing,
    rawBytes: files.reduce((a, f) => a + f.rawBytes, 0),
    gzipBytes: files.reduce((a, f) => a + f.gzipBytes, 0),
  };
}

/** The HTML of a page, raw and gzipped (-9), and the CSS and JS it links, gzipped sum each. */
export async function pageBytes(publicDir, label, page, html) {
  const bytes = Buffer.from(html, "utf8");
  const links = linkedAssets(html);
  return {
    label,
    url: page.url,
    documentBytes: page.documentBytes,
    contentRendered: CLOSING_TEXT.test(html),
    htmlBytes: bytes.length,
    htmlGzipBytes: gzipBytes(bytes),
    css: await assetSizes(publicDir, links.css),
    js: await assetSizes(publicDir, links.js),
  };
}

/**
 * `count` sequential conditional GETs with the page's ETag: every answer must be a 304 with no
 * body (what the load test's non-2xx count cannot tell apart from an error).
 */
export async function checkRevalidation(url, etag, count = 5) {
  const statuses = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { headers: { "if-none-match": etag } });
    const body = await response.text();
    statuses.push(response.status);
    if (response.status !== 304 || body.length) {
      throw new Error(`revalidating ${url} answered ${response.status} (${body.length} bytes)`);
    }
  }
  return statuses;
}
