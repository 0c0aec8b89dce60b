// `npm run bundle:report`: what the API Worker's bundle is made of. Builds the Worker as
// `wrangler deploy --dry-run --metafile` would ship it (no account needed), then prints the total
// (gzip -9 of the uploaded modules, as the bench measures it), and per npm package and per src/
// folder: the bytes each puts in the bundle (esbuild's metafile) and an estimate of its gzipped
// share, with the src/ folders that pull each package in. Ends with PASS or FAIL against the
// budget (exit 1 on FAIL). Options: --top N (rows per table, default 30), --json FILE (the
// figures as JSON), --keep DIR (build there and keep it; default: a temporary directory).
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { ROOT, runWrangler } from "./lib/wrangler.mjs";

/** The budget, gzipped (issue 27's target; Cloudflare's hard limit on the free plan is 1 MiB). */
const BUDGET_BYTES = 850 * 1024;

const { values: opts } = parseArgs({
  options: {
    top: { type: "string", default: "30" },
    json: { type: "string" },
    keep: { type: "string" },
  },
});
const top = Number(opts.top);

/** The group an input of the metafile counts toward: its npm package, or its src/ folder. */
function groupOf(input) {
  const at = input.lastIndexOf("node_modules/");
  if (at >= 0) {
    const parts = input.slice(at + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const src = input.indexOf("src/");
  if (src >= 0) {
    const parts = input.slice(src).split("/");
    return parts.length > 2 ? `${parts[0]}/${parts[1]}/` : parts.join("/");
  }
  return `(${input.split(/[:/]/)[0] || "other"})`;
}

const isSrc = (group) => group.startsWith("src/");

/** Builds the Worker into `dir` with a metafile; returns the metafile and the emitted modules. */
async function build(dir) {
  await rm(dir, { recursive: true, force: true });
  const metafile = join(dir, "meta.json");
  const args = ["deploy", "--dry-run", "--outdir", dir, "--metafile", metafile];
  const { code, stdout, stderr } = await runWrangler(args);
  if (code !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${stdout}${stderr}`);
  const files = (await readdir(dir)).filter((f) => /\.m?js$/.test(f));
  const modules = await Promise.all(
    files.map(async (name) => ({ name, text: await readFile(join(dir, name), "utf8") })),
  );
  return { meta: JSON.parse(await readFile(metafile, "utf8")), modules };
}

/**
 * Splits an emitted module at esbuild's `// <input path>` markers (it writes one before each
 * input's code when not minifying) and returns each group's text, to gzip on its own.
 */
function textByGroup(text, inputs) {
  const known = new Set(Object.keys(inputs));
  const byGroup = new Map();
  let group = "(runtime glue)";
  for (const line of text.split("\n")) {
    const marker = line.startsWith("// ") ? line.slice(3) : null;
    if (marker !== null && known.has(marker)) group = groupOf(marker);
    const parts = byGroup.get(group) ?? [];
    parts.push(line);
    byGroup.set(group, parts);
  }
  return new Map([...byGroup].map(([g, lines]) => [g, lines.join("\n")]));
}

/** For each npm package: the src/ folders whose imports reach it (through other packages too). */
function pulledInBy(meta) {
  const importers = new Map();
  for (const [file, input] of Object.entries(meta.inputs)) {
    for (const { path } of input.imports) {
      if (!importers.has(path)) importers.set(path, new Set());
      importers.get(path).add(file);
    }
  }
  const result = new Map();
  for (const file of Object.keys(meta.inputs)) {
    const group = groupOf(file);
    if (isSrc(group)) continue;
    const seen = new Set([file]);
    const queue = [file];
    const folders = result.get(group) ?? new Set();
    while (queue.length > 0) {
      for (const from of importers.get(queue.pop()) ?? []) {
        if (seen.has(from)) continue;
        seen.add(from);
        // src/platform/zod stands in for "zod" (wrangler.toml's alias): look past it.
        if (isSrc(groupOf(from)) && !from.includes("src/platform/zod/")) folders.add(groupOf(from));
        else queue.push(from);
      }
    }
    result.set(group, folders);
  }
  return result;
}

/** Raw bytes per group (metafile) and gzipped estimate (each group's text alone, scaled). */
function compose(meta, modules, gzipTotal) {
  const groups = new Map();
  const entry = (g) => groups.get(g) ?? groups.set(g, { raw: 0, gzipAlone: 0 }).get(g);
  for (const [name, output] of Object.entries(meta.outputs)) {
    if (!/\.m?js$/.test(name)) continue;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      entry(groupOf(input)).raw += bytesInOutput;
    }
    const module = modules.find((m) => name.endsWith(m.name));
    if (!module) continue;
    for (const [g, text] of textByGroup(module.text, output.inputs)) {
      entry(g).gzipAlone += gzipSync(text, { level: 9 }).length;
    }
  }
  const alone = [...groups.values()].reduce((sum, g) => sum + g.gzipAlone, 0);
  const by = pulledInBy(meta);
  return [...groups]
    .map(([group, g]) => ({
      group,
      raw: g.raw,
      gzip: Math.round((g.gzipAlone * gzipTotal) / alone),
      pulledInBy: [...(by.get(group) ?? [])].sort(),
    }))
    .sort((a, b) => b.gzip - a.gzip);
}

const kib = (bytes) => (bytes / 1024).toFixed(1).padStart(8);

/** Prints one table of groups, the first `top` rows and a line for the rest. */
function table(title, rows, total, withImporters) {
  console.log(`\n${title}\n${"KiB raw".padStart(8)} ${"KiB gz≈".padStart(8)}  share  name`);
  for (const row of rows.slice(0, top)) {
    const share = `${((100 * row.gzip) / total).toFixed(1)}%`.padStart(6);
    const via = withImporters && row.pulledInBy.length ? `  ← ${row.pulledInBy.join(" ")}` : "";
    console.log(`${kib(row.raw)} ${kib(row.gzip)} ${share}  ${row.group}${via}`);
  }
  const rest = rows.slice(top);
  if (rest.length > 0) {
    const raw = rest.reduce((s, r) => s + r.raw, 0);
    const gz = rest.reduce((s, r) => s + r.gzip, 0);
    console.log(`${kib(raw)} ${kib(gz)}         (${rest.length} more)`);
  }
  const raw = rows.reduce((s, r) => s + r.raw, 0);
  const gz = rows.reduce((s, r) => s + r.gzip, 0);
  console.log(`${kib(raw)} ${kib(gz)}         total of this table`);
}

const dir = opts.keep ? resolve(opts.keep) : await mkdtemp(join(tmpdir(), "quire-bundle-"));
try {
  const { meta, modules } = await build(dir);
  const rawTotal = modules.reduce((s, m) => s + Buffer.byteLength(m.text), 0);
  const gzipTotal = modules.reduce((s, m) => s + gzipSync(m.text, { level: 9 }).length, 0);
  const rows = compose(meta, modules, gzipTotal);
  const packages = rows.filter((r) => !isSrc(r.group));
  const folders = rows.filter((r) => isSrc(r.group));
  console.log(`API Worker bundle (${modules.map((m) => m.name).join(", ")}; built from ${ROOT})`);
  console.log(`total: ${kib(rawTotal).trim()} KiB raw, ${kib(gzipTotal).trim()} KiB gzipped (-9)`);
  console.log("gz≈: each group's code gzipped alone, scaled so the groups sum to the total");
  table("Per npm package (← the src/ folders that pull it in)", packages, gzipTotal, true);
  table("Per src/ folder", folders, gzipTotal, false);
  const pass = gzipTotal <= BUDGET_BYTES;
  const verdict = pass ? "PASS" : "FAIL";
  console.log(
    `\n${verdict}: ${kib(gzipTotal).trim()} KiB gzipped, budget ${BUDGET_BYTES / 1024} KiB`,
  );
  if (opts.json) {
    const figures = { rawBytes: rawTotal, gzipBytes: gzipTotal, budgetBytes: BUDGET_BYTES, rows };
    await writeFile(opts.json, `${JSON.stringify(figures, null, 2)}\n`);
  }
  process.exitCode = pass ? 0 : 1;
} finally {
  if (!opts.keep) await rm(dir, { recursive: true, force: true });
}
