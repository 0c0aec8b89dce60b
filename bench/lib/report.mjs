// The one printed table (operations, then targets) and the raw JSON under bench/results/.
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import { join, relative } from "node:path";
import { RESULTS_DIR, ROOT } from "./config.mjs";

const require = createRequire(import.meta.url);

/** What the figures were measured on: they mean little without it. */
export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? "unknown",
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    miniflare: require("miniflare/package.json").version,
    autocannon: require("autocannon/package.json").version,
  };
}

const num = (n, digits = 0) => (n == null || Number.isNaN(n) ? "—" : n.toFixed(digits));

function cells(row) {
  if (row.status === "not available yet") {
    return [row.title, "not available yet", "", "", "", "", "", row.reason];
  }
  if (row.status === "error") return [row.title, "ERROR", "", "", "", "", "", row.reason];
  if (row.kind === "job") {
    const j = row.job;
    const rows = Object.values(j.jobTotals ?? {}).reduce((a, t) => a + (t.rows ?? 0), 0);
    return [
      row.title,
      "—",
      `${num(j.totalMs)} total`,
      `${num(Math.max(...j.perRunMs))} max/run`,
      "n/a",
      "n/a",
      `${rows} (job report)`,
      `${j.runs} cron run(s), purged ${j.purgedSpaces}/${j.expected} spaces, ` +
        `${j.before.pageVersions - j.after.pageVersions} page rows` +
        (j.complete ? "" : ` (INCOMPLETE: time bound; at this rate ${j.runsForAll} runs for all)`),
    ];
  }
  const d1 = row.d1 ?? {};
  const varies = d1.varies ? " (varies)" : "";
  const rate = row.kind === "write" ? `${num(row.rps, 1)} it/s` : num(row.rps);
  return [
    row.title,
    rate,
    num(row.p50, 1),
    num(row.p99, 1),
    String(d1.rt ?? "—"),
    `${num(d1.read)}${varies}`,
    num(d1.written),
    row.note ?? "",
  ];
}

/** A plain-text table; every column but the last is padded, nothing is cut. */
function table(header, rows) {
  const all = [header, ...rows].map((r) => r.map((c) => String(c ?? "")));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join(" | ");
  const rule = widths.map((w, i) => "-".repeat(i === widths.length - 1 ? Math.min(w, 40) : w));
  return [line(all[0]), rule.join("-|-"), ...all.slice(1).map(line)].join("\n");
}

/** The table printed at the end of a run. */
export function renderTable(result) {
  const ops = table(
    ["Operation", "req/s", "p50 ms", "p99 ms", "D1 rt", "rows read", "rows written", "notes"],
    result.operations.map(cells),
  );
  const targets = table(
    ["Target", "Result", "Measured"],
    result.targets.map((t) => [
      t.target,
      t.pass === null ? "not measured yet" : t.pass ? "PASS" : "FAIL",
      t.measured,
    ]),
  );
  const m = result.machine;
  const b = result.bundle;
  return [
    `Quire bench ${result.startedAt} — ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}, ` +
      `miniflare ${m.miniflare}, load average at start ${m.loadAverage.join(" ")}`,
    `Bundle: ${(b.gzipBytes / 1024).toFixed(1)} KiB gzipped, ${(b.rawBytes / 1024).toFixed(1)} KiB raw. ` +
      `Load: autocannon, ${result.bounds.connections} connections, ${result.bounds.durationSeconds} s or ` +
      `${result.bounds.maxRequests} requests per operation; writes: ${result.bounds.writeIterations} sequential iterations. ` +
      `D1 counts: median of ${result.bounds.samples} requests (X-Quire-D1); writes: per step, rows per iteration.`,
    "",
    ops,
    "",
    targets,
  ].join("\n");
}

/** Writes the run as bench/results/<timestamp>.json and returns the path relative to the repo. */
export async function writeResults(result) {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${result.startedAt.replace(/[:.]/g, "-")}.json`);
  await writeFile(file, JSON.stringify(result, null, 2) + "\n");
  return relative(ROOT, file);
}
