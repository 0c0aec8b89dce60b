// Builds the Worker exactly as `wrangler deploy` would bundle it (no account needed: --dry-run)
// and measures the bundle, so the bench runs the code that ships and reports its size.
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { runWrangler } from "../../scripts/lib/wrangler.mjs";
import { BUILD_DIR, ROOT } from "./config.mjs";

/** The bundle is expected to stay under this, gzipped (the target). */
export const BUNDLE_LIMIT_BYTES = 850 * 1024;

/**
 * Runs `wrangler deploy --dry-run --outdir bench/.build` (or `outdir`: benches running at once
 * each keep their own) and returns the entry script's path, its raw and gzipped sizes, and the
 * sizes wrangler itself printed.
 */
export async function buildWorker(outdir = BUILD_DIR) {
  await rm(outdir, { recursive: true, force: true });
  const { code, stdout, stderr } = await runWrangler(["deploy", "--dry-run", "--outdir", outdir]);
  if (code !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${stdout}${stderr}`);
  const files = (await readdir(outdir)).filter((f) => f.endsWith(".js") || f.endsWith(".mjs"));
  if (!files.includes("index.js")) throw new Error(`no index.js in ${outdir}: ${files}`);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const bytes = await readFile(join(outdir, file));
    rawBytes += (await stat(join(outdir, file))).size;
    gzipBytes += gzipSync(bytes, { level: 9 }).length;
  }
  const printed = stdout.match(/Total Upload:\s*([\d.]+) KiB \/ gzip:\s*([\d.]+) KiB/);
  return {
    scriptPath: join(outdir, "index.js"),
    output: relative(ROOT, outdir),
    modulesRoot: outdir,
    files,
    rawBytes,
    gzipBytes,
    wranglerReport: printed ? { totalKiB: Number(printed[1]), gzipKiB: Number(printed[2]) } : null,
    underLimit: gzipBytes < BUNDLE_LIMIT_BYTES,
  };
}

/** Compatibility date and flags as wrangler.toml declares them (wrangler's own reader). */
export async function readWranglerConfig() {
  const { unstable_readConfig } = await import("wrangler");
  const config = unstable_readConfig({ config: join(ROOT, "wrangler.toml") });
  return {
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags ?? [],
    migrationsDir: join(ROOT, config.d1_databases?.[0]?.migrations_dir ?? "drizzle"),
  };
}
