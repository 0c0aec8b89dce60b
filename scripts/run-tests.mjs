// `npm test`: the type check, the lint and the suite, overlapped so the two cores stay busy.
// The type check and ESLint run in one process from one TypeScript program per tsconfig
// (scripts/typecheck-lint.mjs: `npm run typecheck` and `eslint .` would each build them again).
// The suite starts at once beside it (the type check and ESLint use one core; the suite's start,
// Miniflare and its runners, takes the other); if the type check fails, the suite is stopped (a
// type error would only make it fail confusingly) and reported as stopped. The rest of the lint
// (knip and the check-* scripts) follows ESLint. The browser tests start at once too (they ended
// last when started after the lint). The lint's output is kept until the end; the suite prints
// live. Any part failing fails the run, and a summary says which. A workerd runner that crashed
// mid-suite (scripts/lib/runner-crash.mjs) has the files it never reported run once more, said in
// the summary. Arguments go to `vitest run` (`npm test -- test/spaces`), without the browser
// tests. Before anything starts, the browser tests' Chromium is found or installed
// (scripts/lib/chromium.mjs): a machine that has none and may not install it fails at once,
// saying what to install.
import { spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readFileSync, rmSync } from "node:fs";
import { ensureChromium, NoChromium } from "./lib/chromium.mjs";
import { lostToCrash } from "./lib/runner-crash.mjs";
import { testShards } from "./test-shards.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const vitest = resolve(root, "node_modules/.bin/vitest");
// Buffered children lose the terminal: keep their colours when ours is one.
const colour = process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};

/**
 * Runs one command. Its output is kept and returned; with `live` it also goes to ours as it comes. `onMessage` receives what the child sends over IPC. Resolves with the exit status,
 * the kept output and the duration in seconds.
 */
function run(name, command, args, live, onMessage, onSpawn) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...colour },
      stdio: ["ignore", "pipe", "pipe", ...(onMessage ? ["ipc"] : [])],
      // Its own process group, so a stop reaches the runners it started.
      detached: Boolean(onSpawn),
    });
    onSpawn?.(child);
    if (onMessage) child.on("message", onMessage);
    const chunks = [];
    child.stdout?.on("data", (chunk) => {
      chunks.push(chunk);
      if (live) process.stdout.write(chunk);
    });
    child.stderr?.on("data", (chunk) => {
      chunks.push(chunk);
      if (live) process.stderr.write(chunk);
    });
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
// The type check's verdict, as soon as scripts/typecheck-lint.mjs knows it (false if it never says).
let typesChecked;
const typesKnown = new Promise((resolve) => (typesChecked = resolve));
const typesAndEslint = run(
  "typecheck+eslint",
  "node",
  ["scripts/typecheck-lint.mjs"],
  false,
  (m) => {
    if (m && typeof m === "object" && "typecheck" in m) typesChecked(m.typecheck === true);
  },
);
void typesAndEslint.then(() => typesChecked(false));
// The rest of `npm run lint` (`lint:rest`: the engines, knip, the cycle and guard scripts), after ESLint.
const lint = typesAndEslint.then(async (first) => {
  const rest = await run("typecheck+lint", "npm", ["run", "--silent", "lint:rest"], false);
  return {
    ...rest,
    ok: first.ok && rest.ok,
    output: first.output + rest.output,
    seconds: first.seconds + rest.seconds,
  };
});
// The browser tests (headless Chromium against `wrangler dev`) start at once, beside the suite;
// `npm test -- <files>` runs the suite's files alone.
const browser = targeted ? null : run("browser", "node", ["scripts/browser-tests.mjs"], false);
// The suite, at once; stopped (its whole process group) if the type check fails.
let suiteChild;
let stopped = false;
/** The JSON reporter's report, or null when it wrote none (or not all of it). */
function readReport(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}
// A whole run also writes the JSON report that tells which files a crashed runner lost.
const report = resolve(root, `.scratch/vitest-report-${process.pid}.json`);
const reporting = targeted
  ? []
  : ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
const suiteArgs = ["run", ...reporting, ...process.argv.slice(2)];
const suiteRun = run("vitest", vitest, suiteArgs, true, null, (child) => {
  suiteChild = child;
});
void typesKnown.then((ok) => {
  if (ok || !suiteChild?.pid) return;
  stopped = true;
  try {
    process.kill(-suiteChild.pid, "SIGTERM");
  } catch {
    // Already gone.
  }
});
// Its own group does not get the terminal's Ctrl-C: pass it on, then end as interrupted.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    try {
      if (suiteChild?.pid) process.kill(-suiteChild.pid, signal);
    } catch {
      // Already gone.
    }
    process.exit(130);
  });
}
const suiteDone = await suiteRun;
let suite = stopped ? { ...suiteDone, ok: false, skipped: true } : suiteDone;
// A workerd runner that crashed (scripts/lib/runner-crash.mjs): its unreported files run again.
const lost =
  !targeted && !suite.ok && !stopped
    ? lostToCrash(suite.output, readReport(report), testShards(root, 1)[0] ?? [], root)
    : null;
if (lost) {
  const note = `a workerd runner crashed (${lost.crashes}×, "Worker exited unexpectedly"; cloudflare/workerd#6763): ${lost.files.length} file(s) it never reported run again: ${lost.files.join(", ") || "none"}\n`;
  process.stdout.write(`\n── vitest: ${note}`);
  const again = lost.files.length
    ? await run("vitest", vitest, ["run", ...lost.files], true)
    : { ok: true, output: "", seconds: 0 };
  suite = { ...again, name: "vitest", seconds: suiteDone.seconds + again.seconds, note };
}
rmSync(report, { force: true });
const linted = await lint;
show(linted);
const browsed = browser ? await browser : null;
if (browsed) show(browsed);

const results = [linted, suite, ...(browsed ? [browsed] : [])];
process.stdout.write("\n");
for (const r of results) {
  const state = r.skipped ? "stopped (type errors)" : r.ok ? "passed" : "FAILED";
  process.stdout.write(`${r.name.padEnd(10)} ${state.padEnd(22)} ${r.seconds.toFixed(1)} s\n`);
  if (r.note) process.stdout.write(`           (${r.note.trim()})\n`);
}
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
