// `npm run bench:app`'s verdicts and output: each target of issue 37's "Speed and weight" as
// PASS/FAIL with its figures, printed, and the raw run as bench/results/app-<timestamp>.json.
import { mkdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { RESULTS_DIR, ROOT } from "./config.mjs";
import { percentile } from "./app-measure.mjs";

const KIB = 1024;
/** Issue 37's targets. */
const TARGETS = {
  screenKiB: 60,
  editorKiB: 300,
  loadRatio: 1.5,
  typingVsBare: 1.25,
  typingVsSmall: 1.5,
  frameMs: 16,
  saveRatio: 2,
};

const median = (values) => percentile(values, 50);
const ms = (n) => (n == null ? "—" : `${n.toFixed(1)} ms`);
const ratio = (a, b) => (a == null || !b ? null : a / b);
const verdict = (ok) => (ok ? "PASS" : "FAIL");

/** The p95 of a typing run (all its runs' keys together). */
const p95 = (runs) =>
  percentile(
    runs.flatMap((r) => r.keys),
    95,
  );

/** Every target's row: `{ target, figure, status }`. */
export function evaluateAppTargets(result) {
  const rows = [];
  for (const screen of result.weight.screens) {
    const kib = screen.gzipBytes / KIB;
    const limit = screen.name === "editor" ? TARGETS.editorKiB : TARGETS.screenKiB;
    rows.push({
      target: `JS gzipped, ${screen.name} screen ≤ ${limit} KiB`,
      figure: `${kib.toFixed(1)} KiB in ${screen.scripts.length} script(s)`,
      status: verdict(kib <= limit),
    });
  }
  const quireLoad = median(result.load.quire.map((r) => r.caretMs));
  const bareLoad = median(result.load.bare.map((r) => r.caretMs));
  const load = ratio(quireLoad, bareLoad);
  rows.push({
    target: `${result.load.blocks}-block page to a focused caret ≤ ${TARGETS.loadRatio} × bare`,
    figure: `${ms(quireLoad)} vs ${ms(bareLoad)} (median) = ${load?.toFixed(2)} ×`,
    status: verdict(load != null && load <= TARGETS.loadRatio),
  });
  const [small, large] = result.typing.sizes;
  const live = (size) => p95(result.typing.quire[size]);
  const bare = (size) => p95(result.typing.bare[size]);
  const vsBare = ratio(live(large), bare(large));
  rows.push({
    target: `typing p95, ${large} blocks ≤ ${TARGETS.typingVsBare} × bare`,
    figure: `${ms(live(large))} vs ${ms(bare(large))} = ${vsBare?.toFixed(2)} ×`,
    status: verdict(vsBare != null && vsBare <= TARGETS.typingVsBare),
  });
  const vsSmall = ratio(live(large), live(small));
  rows.push({
    target: `typing p95, ${large} blocks ≤ ${TARGETS.typingVsSmall} × ${small} blocks`,
    figure: `${ms(live(large))} vs ${ms(live(small))} = ${vsSmall?.toFixed(2)} ×`,
    status: verdict(vsSmall != null && vsSmall <= TARGETS.typingVsSmall),
  });
  rows.push({
    target: `typing p95 within one frame (${TARGETS.frameMs} ms), ${large} blocks`,
    figure: `${ms(live(large))} (${small} blocks: ${ms(live(small))})`,
    status: verdict(live(large) != null && live(large) <= TARGETS.frameMs),
  });
  for (const save of result.saves) {
    const write = median(save.writeMs);
    const after = median(save.savedMs) - save.debounceMs;
    const r = ratio(after, write);
    rows.push({
      target: `save after the debounce ≤ ${TARGETS.saveRatio} × one content write (${save.mode}, ${save.blocks} blocks)`,
      figure: `${ms(after)} after ${save.debounceMs} ms vs ${ms(write)} = ${r?.toFixed(2)} ×`,
      status: verdict(r != null && r <= TARGETS.saveRatio),
    });
  }
  return rows;
}

/** The printed report: the targets' table. */
export function renderAppReport(rows) {
  const width = Math.max(...rows.map((r) => r.target.length));
  return rows.map((r) => `${r.status.padEnd(5)} ${r.target.padEnd(width)}  ${r.figure}`).join("\n");
}

/** Writes the run to bench/results/app-<timestamp>.json; answers its path from the root. */
export async function writeAppResults(result) {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `app-${result.startedAt.replace(/[:.]/g, "-")}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return relative(ROOT, file);
}
