// Runs one operation of operations.mjs and returns its figures, or why there are none.
import { LOAD } from "./config.mjs";
import { loadTest, sample, writeLoop } from "./measure.mjs";

/** The app's declared operations, from its own /v1/openapi.json (paths with the /v1 prefix). */
export async function declaredRoutes(appUrl) {
  const response = await fetch(`${appUrl}/v1/openapi.json`);
  if (!response.ok) throw new Error(`GET /v1/openapi.json answered ${response.status}`);
  const doc = await response.json();
  const routes = new Set();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of Object.keys(item)) routes.add(`${method} ${path}`);
  }
  return routes;
}

const missingRoutes = (op, routes) =>
  (op.routes ?? [])
    .filter(([m, p]) => !routes.has(`${m} /v1${p}`))
    .map(([m, p]) => `${m.toUpperCase()} ${p}`);

/** Measures `op`; never throws (a failure is reported in the row). */
export async function execute(op, ctx, routes) {
  const row = { id: op.id, title: op.title, kind: op.kind };
  const missing = missingRoutes(op, routes);
  if (missing.length)
    return { ...row, status: "not available yet", reason: `no route ${missing.join(", ")}` };
  try {
    if (op.kind === "load") return { ...row, ...(await measureLoad(op, ctx)) };
    if (op.kind === "write") return { ...row, ...(await measureWrite(op, ctx)) };
    const result = await op.run(ctx);
    if (!result.available) return { ...row, status: "not available yet", reason: result.reason };
    if (result.error) return { ...row, status: "error", reason: result.error, job: result };
    return { ...row, status: "ok", job: result };
  } catch (err) {
    return { ...row, status: "error", reason: describe(err) };
  }
}

async function measureLoad(op, ctx) {
  let prep = {};
  if (op.prepare) {
    try {
      prep = await op.prepare(ctx);
    } catch (err) {
      return { status: "error", reason: `setup failed: ${describe(err)}` };
    }
  }
  const base = op.worker ? ctx.urls[op.worker] : ctx.urls.app;
  const url = base + op.path(ctx, prep);
  // A load may send its own request (a POST with a body, a site token): `request(ctx, prep)`.
  const request = op.request ? op.request(ctx, prep) : { headers: ctx.auth(op.as) };
  const samples = await sample(url, request);
  // An operation may expect another status than a 2xx (`status`: a revalidation's 304).
  const expected = (s) => (op.status ? s === op.status : s < 300);
  const bad = samples.statuses.find((s) => !expected(s));
  const summary = {
    url: url.replace(base, ""),
    d1: samples.d1,
    d1Samples: samples.raw,
    sampleMs: samples.ms,
    note: op.note ? op.note(samples, prep) : "",
    list: op.list,
  };
  if (bad) {
    return {
      ...summary,
      status: "error",
      reason: `answered ${bad}: ${samples.last.text.slice(0, 300)}`,
    };
  }
  const load = await loadTest(url, request);
  // autocannon counts any status but 2xx as non-2xx: for an expected 304, the 2xx are wrong.
  const wrong = op.status ? load.requests - load.non2xx : load.non2xx;
  const failed = wrong + load.errors + load.timeouts;
  return {
    ...summary,
    status: failed ? "error" : "ok",
    reason: failed ? `${failed} of ${load.requests} requests failed under load` : undefined,
    rps: load.rps,
    p50: load.p50,
    p99: load.p99,
    load,
    bounds: {
      connections: LOAD.connections,
      seconds: LOAD.durationSeconds,
      maxRequests: LOAD.maxRequests,
    },
  };
}

async function measureWrite(op, ctx) {
  const result = await writeLoop((i) => op.iterate(ctx, {}, i));
  const failed = result.steps.find((s) => s.statuses.some((code) => code >= 300));
  const written = result.writtenPerIteration;
  return {
    status: failed || !result.iterations ? "error" : "ok",
    reason: failed
      ? `${failed.name} answered ${failed.statuses.join("/")}: ${result.firstError?.body ?? ""}`
      : undefined,
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    write: result,
    d1: {
      rt: result.steps.map((s) => s.d1?.rt ?? "?").join("+"),
      read: median(result.readPerIteration),
      written: median(written),
      unmetered: result.steps.reduce((a, s) => a + (s.d1?.unmetered ?? 0), 0),
      varies: new Set(written).size > 1,
    },
    note: `${result.iterations} iterations; per step p50 ms/rt/read/written: ${result.steps
      .map((s) => `${s.name} ${fmt(s.p50)}/${s.d1?.rt}/${s.d1?.read}/${s.d1?.written}`)
      .join(", ")}`,
  };
}

/** An error's message and its cause's (undici's "fetch failed" says why only in the cause). */
function describe(err) {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? err.cause.message : err.cause;
  return cause ? `${err.message} (${cause})` : err.message;
}

function median(values) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const fmt = (n) => (n == null ? "?" : n.toFixed(1));
