// `npm test`: the lint, the type check and the suite, overlapped so the two cores stay busy.
// The lint (ESLint, then knip) runs alongside the type check and then the suite, and the browser
// tests after the lint, alongside the suite; the suite starts once the type check passes (a type error would only make it fail confusingly). The lint's
// output is kept until the end; the suite prints live. Any part failing fails the run, and a
// summary says which. Arguments go to `vitest run` (`npm test -- test/spaces`), without the
// browser tests. Before anything starts, the browser tests' Chromium is found or installed
// (scripts/lib/chromium.mjs): a machine that has none and may not install it fails at once,
// saying what to install.
import { spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureChromium, NoChromium } from "./lib/chromium.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const vitest = resolve(root, "node_modules/.bin/vitest");
// Buffered children lose the terminal: keep their colours when ours is one.
const colour = process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};

/**
 * Runs one command. With `live` its output goes straight to ours; otherwise it is kept and
 * returned. Resolves with the exit status, the kept output and the duration in seconds.
 */
function run(name, command, args, live) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...(live ? {} : colour) },
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    const chunks = [];
    child.stdout?.on("data", (chunk) => chunks.push(chunk));
    child.stderr?.on("data", (chunk) => chunks.push(chunk));
    const finish = (code) =>
      done({
        name,
        ok: code === 0,
        output: Buffer.concat(chunks).toString("utf8"),
        seconds: (Date.now() - started) / 1000,
      });
    child.on("error", (error) => {
      chunks.push(Buffer.from(`${name}: ${error.message}\n`));
      finish(1);
    });
    child.on("close", finish);
  });
}

/** Prints a kept output under a header naming its part. */
function show(result) {
  const state = result.ok ? "passed" : "FAILED";
  process.stdout.write(`\n── ${result.name} ${state} (${result.seconds.toFixed(1)} s)\n`);
  if (result.output.trim()) process.stdout.write(result.output.replace(/\n?$/, "\n"));
}

const targeted = process.argv.length > 2;
if (!targeted) {
  try {
    // Its path reaches the browser tests through the environment: found (or installed) once.
    process.env.CHROMIUM_PATH = ensureChromium();
  } catch (error) {
    if (!(error instanceof NoChromium)) throw error;
    process.stderr.write(
      `✗ ${error.message}\n  (\`npm test -- test\` runs the suite alone, without the browser tests.)\n`,
    );
    process.exit(1);
  }
}
const lint = run("lint", "npm", ["run", "--silent", "lint"], false);
// The browser tests (headless Chromium against `wrangler dev`) start once the lint is done, beside
// the suite; `npm test -- <files>` runs the suite's files alone.
const browser = targeted
  ? null
  : lint.then(() => run("browser", "node", ["scripts/browser-tests.mjs"], false));
const typecheck = await run("typecheck", "npm", ["run", "--silent", "typecheck"], false);
show(typecheck);
const suite = typecheck.ok
  ? await run("vitest", vitest, ["run", ...process.argv.slice(2)], true)
  : { name: "vitest", ok: false, output: "", seconds: 0, skipped: true };
const linted = await lint;
show(linted);
const browsed = browser ? await browser : null;
if (browsed) show(browsed);

const results = [linted, typecheck, suite, ...(browsed ? [browsed] : [])];
process.stdout.write("\n");
for (const r of results) {
  const state = r.skipped ? "skipped (type errors)" : r.ok ? "passed" : "FAILED";
  process.stdout.write(`${r.name.padEnd(10)} ${state.padEnd(22)} ${r.seconds.toFixed(1)} s\n`);
}
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
