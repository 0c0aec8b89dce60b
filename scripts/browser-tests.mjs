// The browser tests (test-browser/*.mjs): pages the Worker serves, checked in a real browser.
// Starts `wrangler dev` on free ports with a throw-away local state, launches Debian's chromium
// (CHROMIUM_PATH, default /usr/bin/chromium; `apt-get install -y chromium`) through
// puppeteer-core, runs each test file's `tests` in turn and ends with one line
// "browser: N passed, N failed". Exit status 1 when a test fails or nothing could start.
//
//   node scripts/browser-tests.mjs [name-filter]
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import puppeteer from "puppeteer-core";
import { ROOT, spawnWrangler } from "./lib/wrangler.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const TESTS_DIR = resolve(ROOT, "test-browser");
/** How long `wrangler dev` may take to answer its first request (a cold build on a busy machine). */
const START_TIMEOUT_MS = 180_000;

/** A TCP port nothing listens on now. */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Starts `wrangler dev` and resolves once the Worker answers; returns its base URL and a stop. */
async function startWorker() {
  const [port, inspector] = [await freePort(), await freePort()];
  const state = mkdtempSync(join(tmpdir(), "quire-browser-"));
  const child = spawnWrangler([
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-port",
    String(inspector),
    "--persist-to",
    state,
    "--show-interactive-dev-session=false",
    // The secret every request context needs (npm run dev keeps one in .dev.vars): a fresh one.
    "--var",
    `SIGNING_SECRET:${randomBytes(32).toString("hex")}`,
  ]);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const stop = () => {
    child.kill("SIGTERM");
    rmSync(state, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      // Any answer means the server is up; a failing page is the tests' to report.
      await fetch(`${base}/v1/openapi.json`);
      return { base, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`wrangler dev did not answer on ${base}:\n${output.slice(-2000)}`);
}

/** Every test of test-browser/*.mjs: `{ file, name, run }`, filtered by the first argument. */
async function collectTests(filter) {
  const tests = [];
  for (const file of readdirSync(TESTS_DIR)
    .filter((f) => f.endsWith(".mjs"))
    .sort()) {
    const mod = await import(pathToFileURL(join(TESTS_DIR, file)).href);
    for (const test of mod.tests ?? []) {
      if (!filter || `${file} ${test.name}`.includes(filter)) tests.push({ file, ...test });
    }
  }
  return tests;
}

const tests = await collectTests(process.argv[2]);
if (!existsSync(CHROMIUM)) {
  console.error(`No browser at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH.`);
  console.log(`browser: 0 passed, ${tests.length} failed`);
  process.exit(1);
}
const worker = await startWorker();
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  // Root in a container has no user namespace for Chromium's sandbox.
  args: ["--no-sandbox", "--disable-dev-shm-usage"],
});
let passed = 0;
let failed = 0;
try {
  for (const test of tests) {
    const started = Date.now();
    const page = await browser.newPage();
    try {
      const notes = (await test.run({ base: worker.base, page, browser })) ?? [];
      passed += 1;
      console.log(`✓ ${test.file} › ${test.name} (${Date.now() - started} ms)`);
      for (const note of notes) console.log(`    ${note}`);
    } catch (error) {
      failed += 1;
      console.log(`✗ ${test.file} › ${test.name}\n    ${String(error?.stack ?? error)}`);
    } finally {
      await page.close();
    }
  }
} finally {
  await browser.close();
  worker.stop();
}
console.log(`browser: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || tests.length === 0 ? 1 : 0;
