#!/usr/bin/env node
// `npm run bench:markdown`: the "pathological markdown" bench. Bundles the markdown converter
// with the cases of cmark's and commonmark.js's pathological tests (plus GFM/GitBook extras,
// test/content/document/pathological-cases.ts) into a Worker, runs it in workerd (Miniflare),
// and times each case at 10 KB, 100 KB and 1 MB, in two phases: parse (markdown → Document, what
// every write does) and render (Document → markdown, what reads do). Each phase is warmed up
// once, then the worst of REPEATS runs is kept (1 MB: one run), minus the round trip of an empty
// request. The 250 ms target applies to each phase at 100 KB. Prints a table (parse / render per
// size) and writes bench/results/pathological-<timestamp>.json.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { machine } from "./lib/report.mjs";

const SIZES = [10_000, 100_000, 1_000_000];
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const TARGET_100_KB_MS = 250;

const dir = await mkdtemp(join(tmpdir(), "quire-md-bench-"));
const scriptPath = join(dir, "worker.mjs");
await build({
  entryPoints: [new URL("./lib/pathological-worker.mjs", import.meta.url).pathname],
  bundle: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["workerd", "worker", "browser"],
  outfile: scriptPath,
  logLevel: "warning",
});
const mf = new Miniflare({
  modules: true,
  modulesRoot: dir,
  scriptPath,
  compatibilityDate: "2026-04-20",
});

/** Milliseconds of one request, and its answer. */
async function timed(query) {
  const start = performance.now();
  const res = await mf.dispatchFetch(`http://bench.local/?${query}`);
  const body = await res.json();
  return { ms: performance.now() - start, body };
}

try {
  const { body: list } = await timed("");
  let baseline = Infinity;
  for (let i = 0; i < 5; i++) baseline = Math.min(baseline, (await timed("")).ms);
  const rows = [];
  const PHASES = ["parse", "render"];
  console.log(
    `${"case (ms: parse / render)".padEnd(50)}${SIZES.map((s) => `${s / 1000} KB`.padEnd(24)).join("")}`,
  );
  for (const name of list.cases) {
    const row = { case: name };
    for (const size of SIZES) {
      // 1 MB runs once, and only when 100 KB stayed under 2 s (the bench must stay bounded).
      if (size === 1_000_000 && PHASES.some((p) => row[100_000][p] > 2_000)) {
        row[size] = { parse: null, render: null, outcome: "skipped" };
        continue;
      }
      const cell = { outcome: "" };
      const repeats = size === 1_000_000 ? 1 : REPEATS;
      const query = (phase) => `case=${encodeURIComponent(name)}&size=${size}&phase=${phase}`;
      for (const phase of PHASES) {
        // Warm-up (1 MB runs after its 100 KB); each render follows the parse it renders.
        if (size < 1_000_000) await timed(query(phase));
        let worst = 0;
        for (let i = 0; i < repeats; i++) {
          const { ms, body } = await timed(query(phase));
          worst = Math.max(worst, ms - baseline);
          if (phase === "parse") cell.outcome = body.outcome;
        }
        cell[phase] = Math.round(worst);
      }
      row[size] = cell;
    }
    rows.push(row);
    const cells = SIZES.map((s) => {
      const c = row[s];
      if (c.parse === null) return "      (skipped)       ";
      const note =
        c.outcome === "limit" ? " (limit)" : c.outcome === "converted" ? "" : ` ${c.outcome}`;
      return `${String(c.parse).padStart(6)} /${String(c.render).padStart(5)} ms${note.padEnd(8)}`;
    });
    console.log(`${name.padEnd(50)}${cells.join("  ")}`);
  }
  const worst = Object.fromEntries(
    SIZES.map((s) => [
      s,
      Object.fromEntries(PHASES.map((p) => [p, Math.max(...rows.map((r) => r[s][p] ?? 0))])),
    ]),
  );
  console.log(
    `${"worst (parse / render)".padEnd(50)}${SIZES.map((s) => `${String(worst[s].parse).padStart(6)} /${String(worst[s].render).padStart(5)} ms        `).join("  ")}`,
  );
  const over = rows.flatMap((r) =>
    PHASES.filter((p) => r[100_000][p] > TARGET_100_KB_MS).map((p) => `${r.case} (${p})`),
  );
  console.log(
    over.length === 0
      ? `every case parses and renders 100 KB within ${TARGET_100_KB_MS} ms each`
      : `over ${TARGET_100_KB_MS} ms at 100 KB: ${over.join(", ")}`,
  );
  const results = new URL("./results/", import.meta.url).pathname;
  await mkdir(results, { recursive: true });
  const file = join(results, `pathological-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ startedAt: new Date().toISOString(), machine: machine(), repeats: REPEATS, baselineMs: baseline, worst, rows }, null, 2)}\n`,
  );
  console.log(`written to ${file}`);
} finally {
  await mf.dispose();
  await rm(dir, { recursive: true, force: true });
}
