// The three ways the bench measures: a few sequential fetches that read the X-Quire-D1 header
// (D1 cost per request), autocannon in a child process (throughput and latency under load), and
// timed sequential iterations for multi-request writes.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { LOAD } from "./config.mjs";

const require = createRequire(import.meta.url);
const AUTOCANNON_BIN = join(dirname(require.resolve("autocannon/package.json")), "autocannon.js");

/** `rt=1;read=2;written=0;unmetered=0` → {rt, read, written, unmetered}; null when absent. */
function parseD1(header) {
  if (!header) return null;
  const out = {};
  for (const part of header.split(";")) {
    const [key, value] = part.split("=");
    out[key.trim()] = Number(value);
  }
  return { rt: out.rt, read: out.read, written: out.written, unmetered: out.unmetered };
}

/** One request, timed, with its status, D1 counts and (JSON) body. */
export async function timedFetch(url, { method = "GET", headers = {}, body } = {}) {
  const started = performance.now();
  const response = await fetch(url, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return {
    status: response.status,
    ms,
    d1: parseD1(response.headers.get("x-quire-d1")),
    json,
    text,
  };
}

/** Nearest-rank percentile of a list of numbers. */
function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Median of each D1 field over several responses; `varies` when the responses disagree. */
function summarizeD1(list) {
  const present = list.filter(Boolean);
  if (!present.length) return null;
  const field = (k) =>
    percentile(
      present.map((d) => d[k]),
      50,
    );
  const summary = {
    rt: field("rt"),
    read: field("read"),
    written: field("written"),
    unmetered: field("unmetered"),
  };
  summary.varies = present.some((d) => ["rt", "read", "written"].some((k) => d[k] !== summary[k]));
  return summary;
}

/** `LOAD.samples` sequential requests: statuses, latencies and D1 counts of each. */
export async function sample(url, request) {
  const results = [];
  for (let i = 0; i < LOAD.samples; i++) results.push(await timedFetch(url, request));
  return {
    statuses: results.map((r) => r.status),
    ms: results.map((r) => Math.round(r.ms * 100) / 100),
    d1: summarizeD1(results.map((r) => r.d1)),
    raw: results.map((r) => r.d1),
    last: results[results.length - 1],
  };
}

/**
 * autocannon against one URL in a child process (so the load generator does not share an event
 * loop with Miniflare's host), bounded by duration and request count, killed if it overruns.
 */
export function loadTest(url, { method = "GET", headers = {}, body } = {}) {
  const args = [
    AUTOCANNON_BIN,
    "-j",
    "-n",
    "-c",
    String(LOAD.connections),
    "-d",
    String(LOAD.durationSeconds),
    "-O",
    String(LOAD.maxRequests),
    "-t",
    "10",
    "-m",
    method,
  ];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}=${v}`);
  if (body !== undefined)
    args.push("-H", "content-type=application/json", "-b", JSON.stringify(body));
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), (LOAD.durationSeconds + 30) * 1000);
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      try {
        const r = JSON.parse(stdout);
        resolve({
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          meanMs: r.latency.average,
          requests: r.requests.total,
          durationSeconds: r.duration,
          errors: r.errors,
          timeouts: r.timeouts,
          non2xx: r.non2xx,
        });
      } catch {
        reject(new Error(`autocannon exited ${code} without a result: ${stderr.slice(-500)}`));
      }
    });
  });
}

/**
 * Runs `iterate` sequentially up to `LOAD.writeIterations` times or `LOAD.writeSeconds`, after
 * one unmeasured warm-up; each iteration returns its steps ({name, status, ms, d1}).
 */
export async function writeLoop(iterate) {
  await iterate(-1);
  const iterations = [];
  let firstError = null;
  const deadline = performance.now() + LOAD.writeSeconds * 1000;
  for (let i = 0; i < LOAD.writeIterations && performance.now() < deadline; i++) {
    const started = performance.now();
    const steps = await iterate(i);
    iterations.push({ ms: performance.now() - started, steps });
    const failed = steps.find((s) => s.status >= 300);
    if (failed) {
      firstError = { step: failed.name, status: failed.status, body: failed.error };
      break;
    }
  }
  const ms = iterations.map((it) => it.ms);
  const total = ms.reduce((a, b) => a + b, 0);
  const names = iterations[0]?.steps.map((s) => s.name) ?? [];
  return {
    iterations: iterations.length,
    firstError,
    rps: total ? (iterations.length * 1000) / total : null,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    steps: names.map((name, k) => ({
      name,
      statuses: [...new Set(iterations.map((it) => it.steps[k]?.status))],
      p50: percentile(iterations.map((it) => it.steps[k]?.ms).filter(Number.isFinite), 50),
      d1: summarizeD1(iterations.map((it) => it.steps[k]?.d1)),
    })),
    writtenPerIteration: iterations.map((it) =>
      it.steps.reduce((a, s) => a + (s.d1?.written ?? 0), 0),
    ),
    readPerIteration: iterations.map((it) => it.steps.reduce((a, s) => a + (s.d1?.read ?? 0), 0)),
  };
}
