#!/usr/bin/env node
// `npm run bench:scale`: what one D1 database holds. Builds the Worker as wrangler ships it, runs
// it in Miniflare with on-disk D1 (bench/lib/runtime.mjs), and makes organizations, spaces,
// pages, revisions, open change requests and comments through the API. Around each phase it
// reads the SQLite file with `dbstat` (bytes per table and index) and count(*) (rows), and prints
// bytes and rows per unit, table by table. docs/scale.md turns the figures into capacity.
// Knobs: SCALE_ORGS, SCALE_SPACES, SCALE_PAGES, SCALE_LARGE_PAGES, SCALE_REVISIONS,
// SCALE_CHANGE_REQUESTS, SCALE_COMMENTS (units per phase).
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mintToken, newId } from "../scripts/lib/identity.mjs";
import { runWrangler } from "../scripts/lib/wrangler.mjs";
import { readWranglerConfig } from "./lib/build.mjs";
import { RESULTS_DIR } from "./lib/config.mjs";
import { timedFetch } from "./lib/measure.mjs";
import { applyMigrations, startRuntime } from "./lib/runtime.mjs";
import * as phases from "./lib/scale-phases.mjs";
import { delta, findDatabaseFile, snapshot } from "./lib/scale-stats.mjs";

/** Its own build directory (a temporary one), so it never races `npm run bench` over bench/.build. */
const BUILD_DIR = await mkdtemp(join(tmpdir(), "quire-scale-build-"));

const num = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

const PHASES = [
  { id: "orgs", unit: "organization", n: num("SCALE_ORGS", 100), run: phases.createOrganizations },
  { id: "spaces", unit: "space", n: num("SCALE_SPACES", 200), run: phases.createSpaces },
  {
    id: "pages-small",
    unit: "page (≈ 60 words)",
    n: num("SCALE_PAGES", 2000),
    run: phases.insertPages(60),
  },
  {
    id: "pages-large",
    unit: "page (≈ 600 words)",
    n: num("SCALE_LARGE_PAGES", 300),
    run: phases.insertPages(600),
  },
  {
    id: "revisions",
    unit: "revision (1-page edit merged)",
    n: num("SCALE_REVISIONS", 200),
    run: phases.editPages,
  },
  {
    id: "change-requests",
    unit: "open change request (1 page)",
    n: num("SCALE_CHANGE_REQUESTS", 100),
    run: phases.openChangeRequests,
  },
  {
    id: "comments",
    unit: "comment (≈ 30 words)",
    n: num("SCALE_COMMENTS", 500),
    run: phases.postComments,
  },
];

const started = performance.now();
const say = (text) =>
  process.stderr.write(`[scale ${((performance.now() - started) / 1000).toFixed(1)} s] ${text}\n`);

async function build() {
  await rm(BUILD_DIR, { recursive: true, force: true });
  const { code, stdout, stderr } = await runWrangler([
    "deploy",
    "--dry-run",
    "--outdir",
    BUILD_DIR,
  ]);
  if (code !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${stdout}${stderr}`);
  const files = (await readdir(BUILD_DIR)).filter((f) => f.endsWith(".js") || f.endsWith(".mjs"));
  return { modulesRoot: BUILD_DIR, files };
}

/** A user with a full-rights token, written as the seed writes them (bench/lib/seed.mjs). */
async function seedCaller(db) {
  const id = newId();
  const token = await mintToken();
  const at = new Date().toISOString();
  await db
    .prepare(
      "INSERT INTO users (id, display_name, email, email_verified, created_at) VALUES (?, ?, ?, 1, ?)",
    )
    .bind(id, "Scale Admin", "scale-admin@example.com", at)
    .run();
  await db
    .prepare(
      "INSERT INTO api_tokens (id, user_id, label, digest, hint, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(newId(), id, "scale", token.digest, token.hint, at)
    .run();
  return token.secret;
}

const perUnit = (value, n) => Math.round((value / n) * 10) / 10;

function renderPhase(phase, d) {
  const lines = [
    `\n${phase.id}: ${phase.made} × ${phase.unit} in ${phase.seconds.toFixed(1)} s — ` +
      `${perUnit(d.usedBytes, phase.made)} bytes and ${perUnit(d.rows, phase.made)} rows per unit`,
  ];
  const rows = Object.entries(d.tables).sort(
    (a, b) => b[1].bytes + b[1].indexBytes - (a[1].bytes + a[1].indexBytes),
  );
  for (const [name, t] of rows) {
    lines.push(
      `  ${name.padEnd(30)} rows ${String(perUnit(t.rows, phase.made)).padStart(7)}` +
        `  table bytes ${String(perUnit(t.bytes, phase.made)).padStart(9)}` +
        `  index bytes ${String(perUnit(t.indexBytes, phase.made)).padStart(9)}`,
    );
  }
  return lines.join("\n");
}

async function main() {
  say("building the Worker (wrangler deploy --dry-run)");
  const config = await readWranglerConfig();
  const bundle = await build();
  const runtime = await startRuntime(bundle, config);
  try {
    await applyMigrations(runtime.db, config.migrationsDir);
    const file = await findDatabaseFile(runtime.stateDir);
    const token = await seedCaller(runtime.db);
    const ctx = {
      db: runtime.db,
      pageSpaces: [],
      async api(method, path, body) {
        const r = await timedFetch(`${runtime.urls.app}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}` },
          body,
        });
        if (r.status >= 300)
          throw new Error(`${method} ${path}: ${r.status} ${r.text.slice(0, 300)}`);
        return r.json;
      },
    };
    const org = await ctx.api("POST", "/v1/orgs", { title: "Scale organization" });
    ctx.org = org.id;
    const result = { startedAt: new Date().toISOString(), phases: [] };
    result.baseline = await snapshot(file);
    for (const phase of PHASES) {
      say(`${phase.id}: ${phase.n} × ${phase.unit}`);
      const before = await snapshot(file);
      const t0 = performance.now();
      phase.made = await phase.run(ctx, phase.n);
      // Work after the answer (waitUntil: token last-used, search and link hooks) settles first.
      await new Promise((r) => setTimeout(r, 1500));
      phase.seconds = (performance.now() - t0) / 1000;
      const d = delta(before, await snapshot(file));
      console.log(renderPhase(phase, d));
      result.phases.push({
        id: phase.id,
        unit: phase.unit,
        made: phase.made,
        seconds: phase.seconds,
        delta: d,
      });
    }
    result.final = await snapshot(file);
    console.log(
      `\nDatabase at the end: ${result.final.usedBytes} bytes in use (${result.final.pageCount} pages of ` +
        `${result.final.pageSize} B, ${result.final.freePages} free), file ${result.final.fileBytes} bytes`,
    );
    await mkdir(RESULTS_DIR, { recursive: true });
    const out = join(RESULTS_DIR, `scale-${result.startedAt.replace(/[:.]/g, "-")}.json`);
    await writeFile(out, JSON.stringify(result, null, 2));
    console.log(`Raw figures: ${out} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  } finally {
    await runtime.dispose().catch(() => {});
    await rm(BUILD_DIR, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (err) {
  say(`failed: ${err instanceof Error ? err.stack : err}`);
  process.exitCode = 1;
}
