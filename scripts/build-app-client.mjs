// The app's browser scripts (app/client/<feature>/main.ts: the editor, search, and the other
// screens' behaviours) bundled by esbuild into app/public/_app/js/<feature>.js, which the app
// Worker's static assets serve under /_app/js/. Built output is gitignored: `npm run dev`, the
// browser tests and `npm run deploy` build it before starting or uploading the app
// (scripts/lib/app.mjs). `node scripts/build-app-client.mjs [--watch] [--report]`.
import { build, context } from "esbuild";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { ROOT } from "./lib/root.mjs";

const CLIENT = join(ROOT, "app/client");
const OUT = join(ROOT, "app/public/_app/js");

/** The entry points: one `main.ts` per feature folder of app/client/. */
function entries() {
  if (!existsSync(CLIENT)) return {};
  const named = {};
  for (const dir of readdirSync(CLIENT, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    const main = join(CLIENT, dir.name, "main.ts");
    if (existsSync(main)) named[dir.name] = main;
  }
  return named;
}

/**
 * esbuild's options: ES modules with shared chunks, minified, for current browsers.
 * `QUIRE_APP_UNMINIFIED=1` keeps names and layout (`npm run bench:app:profile`'s CPU profiles).
 */
function options() {
  const minify = process.env.QUIRE_APP_UNMINIFIED !== "1";
  return {
    entryPoints: entries(),
    outdir: OUT,
    bundle: true,
    splitting: true,
    format: "esm",
    target: "es2022",
    platform: "browser",
    minify,
    sourcemap: false,
    legalComments: "none",
    chunkNames: "chunks/[name]-[hash]",
    metafile: true,
    logLevel: "warning",
    define: { "process.env.NODE_ENV": '"production"' },
  };
}

/** Builds every entry once (a fresh output folder); answers esbuild's metafile. */
export async function buildAppClient() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const result = await build(options());
  return result.metafile;
}

/** Builds, then rebuilds on every change under app/client/ and core/ (`npm run dev`). */
export async function watchAppClient() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const ctx = await context(options());
  await ctx.rebuild();
  await ctx.watch();
  return ctx;
}

/** Each output file's gzipped size in bytes (the weight budgets of issue 37). */
export function gzippedSizes(metafile) {
  return Object.keys(metafile.outputs).map((file) => ({
    file,
    bytes: gzipSync(readFileSync(join(ROOT, file))).length,
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--watch")) {
    await watchAppClient();
  } else {
    const metafile = await buildAppClient();
    if (process.argv.includes("--report")) {
      for (const { file, bytes } of gzippedSizes(metafile)) {
        process.stdout.write(`${(bytes / 1024).toFixed(1).padStart(8)} KiB gz  ${file}\n`);
      }
    }
  }
}
