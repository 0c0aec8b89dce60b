// What the per-area benches (translations, conversations) share: the Worker built as wrangler
// ships it into a directory of their own (benches may run at once), started in Miniflare with
// the job queue and a Node-side outbound service, migrated, and one organization with an admin
// token seeded in SQL; an API client that reads the X-Quire-D1 header; and the per-job D1
// counts the consumer logs with JOB_STATS on (src/jobs/consumer.ts).
import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import os from "node:os";
import { join } from "node:path";
import { mintToken, newId } from "../../scripts/lib/identity.mjs";
import { buildWorker, readWranglerConfig } from "./build.mjs";
import { machine } from "./report.mjs";
import { applyMigrations, startRuntime } from "./runtime.mjs";
import { insertRows } from "./seed.mjs";

/** A timestamped progress line on stderr (the figures go to stdout). */
function progress(name) {
  const started = performance.now();
  return (text) =>
    process.stderr.write(
      `[${name} ${((performance.now() - started) / 1000).toFixed(1)} s] ${text}\n`,
    );
}

/** `rt=1;read=2;written=0;unmetered=0` → {rt, read, written, unmetered}; null when absent. */
function parseD1(header) {
  if (!header) return null;
  const out = Object.fromEntries(header.split(";").map((p) => p.split("=").map((v) => v.trim())));
  return {
    rt: Number(out.rt),
    read: Number(out.read),
    written: Number(out.written),
    unmetered: Number(out.unmetered),
  };
}

/**
 * One request on a fresh connection (no keep-alive: workerd closed reused sockets under load,
 * which fetch reports as "other side closed"), timed, with its status, D1 counts and JSON body.
 */
function timedRequest(url, { method, headers, body }) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        agent: false,
        timeout: 120_000,
        headers: payload ? { ...headers, "content-type": "application/json" } : headers,
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON (204, an error page): `text` has it
          }
          const d1 = parseD1(res.headers["x-quire-d1"]);
          resolve({ status: res.statusCode, ms: performance.now() - started, d1, json, text });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${url}: no answer in 120 s`)));
    req.on("error", reject);
    req.end(payload);
  });
}

/** Users, an admin API token, an organization and its memberships, as the services write them. */
async function seedOrganization(db) {
  const t0 = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const admin = { id: newId(), token: await mintToken(), tokenId: newId() };
  // A second token of the same admin: a second ingestion source (sources are tokens).
  const second = { token: await mintToken(), tokenId: newId() };
  const org = newId();
  await insertRows(db, "users", [
    {
      id: admin.id,
      display_name: "Bench Admin",
      email: "bench-admin@example.com",
      email_verified: 1,
      created_at: t0,
    },
  ]);
  await insertRows(
    db,
    "api_tokens",
    [admin, second].map((t) => ({
      id: t.tokenId,
      user_id: admin.id,
      label: "bench",
      digest: t.token.digest,
      hint: t.token.hint,
      created_at: t0,
    })),
  );
  await insertRows(db, "organizations", [
    { id: org, title: "Bench organization", created_at: t0, members_count: 1 },
  ]);
  await insertRows(db, "org_members", [
    { organization_id: org, user_id: admin.id, role: "admin", joined_at: t0 },
  ]);
  return {
    org,
    admin: admin.id,
    token: admin.token.secret,
    tokenId: admin.tokenId,
    second: { token: second.token.secret, tokenId: second.tokenId },
    createdAt: t0,
  };
}

/**
 * Builds, starts, migrates and seeds one organization. `extraBindings` and `outboundService` go
 * to the app (runtime.mjs). Returns the runtime, the seed, an API client and `dispose`.
 */
export async function startAreaBench(name, { extraBindings = {}, outboundService } = {}) {
  const say = progress(name);
  say("building the Worker (wrangler deploy --dry-run)");
  const config = await readWranglerConfig();
  const outdir = await mkdtemp(join(os.tmpdir(), `quire-${name}-build-`));
  const build = await buildWorker(outdir);
  const runtime = await startRuntime(build, { ...config, extraBindings, outboundService });
  try {
    await applyMigrations(runtime.db, config.migrationsDir);
    const seeded = await seedOrganization(runtime.db);
    const api = (method, path, body, token = seeded.token) =>
      timedRequest(`${runtime.urls.app}/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
        body,
      });
    return {
      say,
      runtime,
      seeded,
      api,
      machine: machine(),
      async dispose() {
        await runtime.dispose().catch(() => {});
        await rm(outdir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await runtime.dispose().catch(() => {});
    await rm(outdir, { recursive: true, force: true });
    throw error;
  }
}

/** Sums the per-job D1 counts (`{kind, ok, ms, roundTrips, rowsRead, rowsWritten}`) of a list. */
export function sumJobs(jobs) {
  const total = { jobs: jobs.length, failed: 0, ms: 0, roundTrips: 0, rowsRead: 0, rowsWritten: 0 };
  for (const j of jobs) {
    total.failed += j.ok ? 0 : 1;
    total.ms += j.ms;
    total.roundTrips += j.roundTrips;
    total.rowsRead += j.rowsRead;
    total.rowsWritten += j.rowsWritten;
  }
  return total;
}

/** Throws with the status and body when an API answer is not the expected status. */
export function expectStatus(res, status, what) {
  if (res.status !== status) {
    throw new Error(
      `${what}: answered ${res.status}, expected ${status}: ${res.text.slice(0, 400)}`,
    );
  }
  return res;
}

/** Polls `check` (async, returns a value or null) every `ms` until it answers, or throws. */
export async function until(check, { timeoutMs, ms = 100, what }) {
  const started = performance.now();
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined) return value;
    if (performance.now() - started > timeoutMs) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, ms));
  }
}

/** A PASS/FAIL line as bench/run.mjs prints its targets. */
export function verdict(pass, text) {
  return `${pass ? "PASS" : "FAIL"}  ${text}`;
}
