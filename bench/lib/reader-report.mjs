// The reader bench's targets (issue 25), judged from one run's figures, the printed lines and
// the raw JSON under bench/results/reader-<timestamp>.json.
import { mkdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { RESULTS_DIR, ROOT } from "./config.mjs";

/** The bounds. KB is read as 1,000 bytes (the stricter reading). */
const READER_TARGETS = {
  cachedToCeiling: 0.5,
  firstRenderP50Ms: 50,
  cssGzipBytes: 40_000,
  jsGzipBytes: 20_000,
};

const clean = (load) => load && !load.errors && !load.timeouts && !load.non2xx;

/** PASS/FAIL of each target, with the figures it was judged on. */
export function evaluateReaderTargets(result) {
  const { ceiling, cached, renders, bytes } = result;
  const ratio = ceiling?.rps && cached?.rps ? cached.rps / ceiling.rps : null;
  const cpuP50 = renders?.all.cpuMs?.p50 ?? null;
  const cssGzip = Math.max(...(bytes ?? []).map((b) => b.css.gzipBytes));
  const jsGzip = Math.max(...(bytes ?? []).map((b) => b.js.gzipBytes));
  // A linked file that is not in public/ is a 404 for the visitor: the target cannot pass.
  const missing = (kind) => [...new Set((bytes ?? []).flatMap((b) => b[kind].missing))];
  const missingNote = (kind) =>
    missing(kind).length ? `; linked but missing: ${missing(kind).join(", ")}` : "";
  return [
    {
      id: "cached-throughput",
      title: `Cached page ≥ ${READER_TARGETS.cachedToCeiling} × constant-JSON ceiling`,
      value: ratio,
      pass:
        ratio !== null &&
        clean(cached) &&
        clean(ceiling) &&
        ratio >= READER_TARGETS.cachedToCeiling,
      detail: `${cached?.rps?.toFixed(0)} / ${ceiling?.rps?.toFixed(0)} req/s`,
    },
    {
      id: "first-render",
      title: `First render p50 ≤ ${READER_TARGETS.firstRenderP50Ms} ms (workerd CPU)`,
      value: cpuP50,
      pass: cpuP50 !== null && !renders.withoutContent && cpuP50 <= READER_TARGETS.firstRenderP50Ms,
      detail:
        (renders?.withoutContent
          ? `${renders.withoutContent} of ${renders.runs.length} pages answered without their document (not a real render); `
          : "") +
        `CPU p50 ${cpuP50} ms, wall p50 ${renders?.all.wallMs?.p50} ms over ${renders?.runs.length} ` +
        `pages; first of the isolate ${renders?.firstOfIsolate.cpuMs} ms CPU / ` +
        `${renders?.firstOfIsolate.wallMs} ms wall`,
    },
    {
      id: "css-bytes",
      title: `CSS a page links ≤ ${READER_TARGETS.cssGzipBytes / 1000} KB gzipped`,
      value: cssGzip,
      pass:
        Number.isFinite(cssGzip) &&
        !missing("css").length &&
        cssGzip <= READER_TARGETS.cssGzipBytes,
      detail: `${cssGzip} bytes${missingNote("css")}`,
    },
    {
      id: "js-bytes",
      title: `JS a page links ≤ ${READER_TARGETS.jsGzipBytes / 1000} KB gzipped`,
      value: jsGzip,
      pass:
        Number.isFinite(jsGzip) && !missing("js").length && jsGzip <= READER_TARGETS.jsGzipBytes,
      detail: `${jsGzip} bytes${missingNote("js")}`,
    },
  ];
}

const rps = (load) =>
  load
    ? `${load.rps.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.requests} requests, ` +
      `workerd CPU ${load.cpuMsPerRequest} ms/request` +
      (clean(load)
        ? ""
        : ` (errors ${load.errors}, timeouts ${load.timeouts}, non-2xx ${load.non2xx})`)
    : "—";

const assetNames = (assets) =>
  [...assets.files.map((f) => f.name), ...assets.missing.map((name) => `${name} MISSING`)].join(
    ", ",
  );

/** The printed summary: figures, then one PASS/FAIL line per target. */
export function renderReaderReport(result) {
  const r = result.renders;
  const lines = [
    `Reader bench — ${result.machine.cpu}, ${result.machine.cores} cores, load ${result.machine.loadAverage.join(" ")}`,
    `Reader bundle: ${(result.bundle.gzipBytes / 1024).toFixed(1)} KiB gzipped (${(result.bundle.rawBytes / 1024).toFixed(1)} KiB raw)`,
    "",
    `Constant-JSON ceiling:  ${rps(result.ceiling)}`,
    `Cached page:            ${rps(result.cached)}`,
    `  one cached request alone: wall ${result.warm.wallMs} ms, workerd CPU ${result.warm.cpuMs} ms`,
    `Same-bytes ceiling:     ${rps(result.sameBytes)} (a constant ${result.sameBytes.bytes}-byte body: the page as sent, gzipped)`,
    `304 revalidation:       ${rps(result.revalidation)} (304 each, non-2xx by design)`,
    "",
    `First renders (${r.runs.length} distinct pages, sequential), ms` +
      (r.withoutContent ? ` — ${r.withoutContent} answered WITHOUT their document:` : ":"),
    `  (CPU counted until ${result.idleCpuMs.windowMs} ms after each answer; idle workerd CPU in such a window: p50 ${result.idleCpuMs.p50}, max ${result.idleCpuMs.max})`,
    `  first of the isolate: wall ${r.firstOfIsolate.wallMs}, workerd CPU ${r.firstOfIsolate.cpuMs}`,
    `  later pages:          wall p50 ${r.later.wallMs.p50} p90 ${r.later.wallMs.p90} max ${r.later.wallMs.max}; ` +
      `CPU p50 ${r.later.cpuMs.p50} p90 ${r.later.cpuMs.p90} max ${r.later.cpuMs.max}`,
    "",
    "Bytes (gzip -9):",
    ...result.bytes.map(
      (b) =>
        `  ${b.label.padEnd(8)} HTML ${b.htmlBytes} raw / ${b.htmlGzipBytes} gz (document ${b.documentBytes} bytes${b.contentRendered ? "" : ", NOT IN THE HTML"}); ` +
        `CSS ${b.css.gzipBytes} gz [${assetNames(b.css)}]; JS ${b.js.gzipBytes} gz [${assetNames(b.js)}]`,
    ),
    "",
    "Targets:",
    ...result.targets.map((t) => `  ${t.pass ? "PASS" : "FAIL"}  ${t.title}: ${t.detail}`),
  ];
  return lines.join("\n");
}

/** Writes the run as bench/results/reader-<timestamp>.json; returns the path from the repo root. */
export async function writeReaderResults(result) {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `reader-${result.startedAt.replace(/[:.]/g, "-")}.json`);
  await writeFile(file, JSON.stringify(result, null, 2) + "\n");
  return relative(ROOT, file);
}
