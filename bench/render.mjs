#!/usr/bin/env node
// `npm run bench:render`: how fast the pure renderers are, as ratios within one run (the suite
// asserts what they render, never how fast: GUIDE). The reader's renderers (reader/src) and the
// document core (core/document), bundled by esbuild with the suite's own fixtures, run in this
// Node process, which also measures a baseline: a fixed JavaScript workload (walking GitBook's
// spec into escaped HTML text, the kind of work a renderer does). Each figure is the best CPU time
// (process.cpuUsage: a loaded machine stretches wall time, far less CPU time) of BENCH_REPEATS
// runs (default 5; short work repeated within a run; the baseline at the start and the end) after
// one warm-up, and its target is a ratio to the baseline of the same run, so a slower or a
// faster machine moves both alike:
//   - GitBook's spec: every operation (~377) as API reference blocks;
//   - a 5,000-block document (the reader's document renderer);
//   - a 1,000-page site tree in the page layout;
//   - a 200 KB markdown page parsed and written back (core/document);
//   - linearity: 8,000 blockquotes against 1,000, and each pathological case of
//     test/content/document/pathological-cases.ts at 100 KB against 10 KB (time ratio; linear is
//     8× and 10×, quadratic 64× and 100×).
// Prints a table with PASS/FAIL per target, writes bench/results/render-<timestamp>.json and
// exits 1 when a target fails. Targets and figures: docs/performance.md, "Render speed".
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { RESULTS_DIR, ROOT } from "./lib/config.mjs";
import { machine } from "./lib/report.mjs";

const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);

/**
 * Targets, each a ratio: a render's CPU time over the baseline's, or a linearity ratio. The
 * render targets are about twice the first measurements (docs/performance.md, "Render speed"):
 * a render that gets twice as slow as the code around it fails; each is tighter than the wall-time
 * bound the suite used to assert (2 s, 200 ms, 50 ms: about 160, 16 and 4 baselines). The
 * linearity targets are the suite's former ones: 8× the size may take 30× (linear: 8×,
 * quadratic: 64×), 10× may take 50× (linear: 10×, quadratic: 100×).
 */
const TARGETS = {
  "GitBook spec, every operation": 150,
  "document of 5,000 blocks": 2,
  "site tree of 1,000 pages": 0.5,
  "markdown page of 200 KB": 80,
  "blockquotes 8,000 / 1,000": 30,
  "pathological 100 KB / 10 KB (worst case)": 50,
};

/** The floor a linearity ratio divides by (ms): tiny small sizes would make noise of it. */
const FLOOR_MS = { blockquotes: 5, pathological: 20 };

const at = (path) => JSON.stringify(join(ROOT, path));
const work = await mkdtemp(join(tmpdir(), "quire-render-bench-"));
try {
  const entry = join(work, "entry.ts");
  await writeFile(
    entry,
    [
      `export { renderOpenAPIBlock } from ${at("core/render/openapi")};`,
      `export { highlight } from ${at("core/render/code/highlight.ts")};`,
      `export { renderDocument } from ${at("core/render/document")};`,
      `export { renderPage } from ${at("reader/src/layout/page.tsx")};`,
      `export { operationsOf } from ${at("core/openapi-pages/spec.ts")};`,
      `export { parseMarkdown, renderMarkdown } from ${at("core/document")};`,
      `export { DocumentTooDeepError } from ${at("core/document/limits.ts")};`,
      `export { operationBlock, specContext } from ${at("test/reader/openapi/context.ts")};`,
      `export { everyBlockContext, heading, paragraph, text } from ${at("test/reader/fixtures/every-block.ts")};`,
      `export { largeNav, pageView } from ${at("test/reader/fixtures/views.ts")};`,
      `export { REALISTIC_PAGE } from ${at("test/content/document/fixtures.ts")};`,
      `export { PATHOLOGICAL_CASES } from ${at("test/content/document/pathological-cases.ts")};`,
      `export { default as gitbook } from ${at("node_modules/@gitbook/api/spec/openapi.json")};`,
    ].join("\n"),
  );
  const bundle = join(work, "bundle.mjs");
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile: bundle,
    logLevel: "error",
    banner: {
      js: `import { createRequire } from "node:module"; const require = createRequire(import.meta.url);`,
    },
  });
  const m = await import(bundle);
  const results = measure(m);
  await report(results);
} finally {
  await rm(work, { recursive: true, force: true });
}

/** CPU milliseconds this process has used (user + system): what a loaded machine does not inflate. */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * The best CPU time (ms) of one `run`, over `repeats` runs of `times` calls each, after one
 * warm-up. CPU time, not wall time: on a shared machine the wall time of a run swings with the
 * other work, its CPU time much less. Short work is repeated `times` over per run (each run
 * ≥ ~50 ms), so a lucky or unlucky few milliseconds do not make the figure.
 */
function best(run, repeats = REPEATS, times = 1) {
  run();
  let min = Infinity;
  for (let i = 0; i < repeats; i++) {
    const started = cpuMs();
    for (let k = 0; k < times; k++) run();
    min = Math.min(min, (cpuMs() - started) / times);
  }
  return min;
}

/** HTML-escapes a text, as every renderer does. */
function esc(value) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The baseline: GitBook's spec walked into nested escaped HTML lists (pure JavaScript). */
function baselineWalk(value) {
  if (Array.isArray(value))
    return `<ol>${value.map((v) => `<li>${baselineWalk(v)}</li>`).join("")}</ol>`;
  if (value && typeof value === "object") {
    let out = "<dl>";
    for (const [key, v] of Object.entries(value))
      out += `<dt>${esc(key)}</dt><dd>${baselineWalk(v)}</dd>`;
    return `${out}</dl>`;
  }
  return esc(String(value));
}

/** Every figure of the run: the baseline, the renders and the linearity ratios. */
function measure(m) {
  const spec = m.gitbook;
  // Measured again at the end (the lower kept): a neighbour's burst during its runs would
  // otherwise move every ratio.
  const baseline = () => best(() => baselineWalk(spec), REPEATS, 8);
  let baselineMs = baseline();
  const rows = [];
  const ratioRow = (name, ms) => rows.push({ name, ms, perBaseline: true, target: TARGETS[name] });

  const ctx = m.specContext({ gitbook: spec });
  const operations = m.operationsOf(spec);
  m.highlight("true", "bash"); // Shiki's bash grammar, built once per isolate
  ratioRow(
    "GitBook spec, every operation",
    best(() =>
      operations.map((op) =>
        m.renderOpenAPIBlock(m.operationBlock("gitbook", op.method, op.path), ctx),
      ),
    ),
  );

  const nodes = Array.from({ length: 5000 }, (_, i) =>
    i % 50 === 0
      ? m.heading(2, `Part ${i}`)
      : m.paragraph(m.text(`Paragraph ${i} `), m.text("bold", ["bold"])),
  );
  const big = { object: "document", data: {}, nodes };
  const blockCtx = m.everyBlockContext();
  ratioRow(
    "document of 5,000 blocks",
    best(() => m.renderDocument(big, blockCtx), REPEATS, 5),
  );

  const view = m.pageView({ nav: m.largeNav(1000) });
  ratioRow(
    "site tree of 1,000 pages",
    best(() => m.renderPage(view), REPEATS, 20),
  );

  let page = "";
  for (let i = 0; page.length < 200_000; i++) {
    page += `${m.REALISTIC_PAGE.replace("# Getting started", `## Part ${i}`)}\n`;
  }
  ratioRow(
    "markdown page of 200 KB",
    best(() => m.renderMarkdown(m.parseMarkdown(page).document), 3),
  );

  const quotes = (n) => "> quoted line of text\n\n".repeat(n);
  const small = best(() => m.parseMarkdown(quotes(1_000)), REPEATS, 8);
  const large = best(() => m.parseMarkdown(quotes(8_000)));
  rows.push({
    name: "blockquotes 8,000 / 1,000",
    ms: large,
    ratio: large / Math.max(small, FLOOR_MS.blockquotes),
    target: TARGETS["blockquotes 8,000 / 1,000"],
    note: `${small.toFixed(1)} → ${large.toFixed(1)} ms`,
  });

  const convert = (markdown) => {
    try {
      m.renderMarkdown(m.parseMarkdown(markdown).document);
      return true;
    } catch (error) {
      if (error instanceof m.DocumentTooDeepError) return false;
      throw error;
    }
  };
  let worst = { ratio: 0 };
  for (const [name, generate] of Object.entries(m.PATHOLOGICAL_CASES)) {
    const [tenKb, hundredKb] = [generate(10_000), generate(100_000)];
    if (!convert(tenKb) || !convert(hundredKb)) continue; // refused at the nesting limit
    const s = best(() => convert(tenKb), 2);
    const l = best(() => convert(hundredKb), 2);
    const ratio = l / Math.max(s, FLOOR_MS.pathological);
    if (ratio > worst.ratio)
      worst = { ratio, ms: l, note: `${name}: ${s.toFixed(1)} → ${l.toFixed(1)} ms` };
  }
  rows.push({
    name: "pathological 100 KB / 10 KB (worst case)",
    ...worst,
    target: TARGETS["pathological 100 KB / 10 KB (worst case)"],
  });
  baselineMs = Math.min(baselineMs, baseline());
  for (const row of rows) if (row.perBaseline) row.ratio = row.ms / baselineMs;
  return { baselineMs, rows };
}

/** Prints the table and writes the JSON; exit status 1 when a target fails. */
async function report({ baselineMs, rows }) {
  console.log(
    `baseline (GitBook's spec walked into HTML text, pure JS): ${baselineMs.toFixed(1)} ms\n`,
  );
  console.log(
    `${"figure".padEnd(44)}${"CPU ms".padStart(10)}${"ratio".padStart(9)}${"target".padStart(9)}  result`,
  );
  let failed = 0;
  for (const row of rows) {
    const pass = row.ratio <= row.target;
    if (!pass) failed += 1;
    console.log(
      `${row.name.padEnd(44)}${row.ms.toFixed(1).padStart(10)}${row.ratio.toFixed(2).padStart(9)}${`≤ ${row.target}`.padStart(9)}  ${pass ? "PASS" : "FAIL"}${row.note ? `  (${row.note})` : ""}`,
    );
  }
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `render-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ machine: machine(), repeats: REPEATS, baselineMs, rows }, null, 2)}\n`,
  );
  console.log(
    `\n${failed ? `${failed} target(s) FAILED` : "every target PASS"}; figures in ${file}`,
  );
  process.exitCode = failed ? 1 : 0;
}
