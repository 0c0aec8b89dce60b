// The browser tests (test-browser/*.mjs): pages the API, reader and app Workers serve, checked in
// a real browser. Starts the three with `wrangler dev` on free ports and a throw-away local
// state (its own D1 with a seeded token, its own dev registry so the reader's and the app's `API`
// bindings find this run's API; the API's PUBLIC_APP_URL is the app's address, its mail goes to
// the dev outbox), seeds the reader's fixture sites through the API (scripts/lib/reader-fixture.mjs)
// when a selected test file exports `needsFixture`, launches Chromium through puppeteer-core
// (CHROMIUM_PATH, else the one found on the machine, else Debian's chromium installed when running
// as root with apt-get: scripts/lib/chromium.mjs; otherwise it fails saying what to install), runs each test
// file's `tests` in turn with `{ base, readerBase, appBase, fixture, page, browser }` and ends with one
// line "browser: N passed, N failed (S s)". Exit status 1 when a test fails or nothing could start.
//
//   node scripts/browser-tests.mjs [name-filter]
//   UPDATE_SCREENSHOTS=1 node scripts/browser-tests.mjs reader   (rewrites docs/reader/*.png;
//   the app's tests rewrite docs/app/*.png the same way; without it no file is written)
import { createHmac } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import puppeteer from "puppeteer-core";
import { ensureChromium, NoChromium } from "./lib/chromium.mjs";
import { watchRequests } from "./lib/in-flight.mjs";
import { ROOT } from "./lib/root.mjs";

const TESTS_DIR = resolve(ROOT, "test-browser");
/**
 * The run's throw-away folder: local state (QUIRE_STATE_DIR, so the seed and the server share
 * it, the demo token file beside it) and the dev registry (WRANGLER_REGISTRY_PATH). Set before
 * the wrangler helpers run: they read both from the environment.
 */
const RUN_DIR = mkdtempSync(join(tmpdir(), "quire-browser-"));
process.env.QUIRE_STATE_DIR = join(RUN_DIR, "state");
process.env.WRANGLER_REGISTRY_PATH = join(RUN_DIR, "registry");
mkdirSync(process.env.WRANGLER_REGISTRY_PATH, { recursive: true });
const { startLocalWorkers } = await import("./lib/local-workers.mjs");
const { seedReaderFixture } = await import("./lib/reader-fixture.mjs");

/** An HS256 JWT of `claims` signed with `key` (the key's text as bytes, as the API verifies it). */
function signVisitorToken(claims, key) {
  const part = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const body = `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}`;
  return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
}

/**
 * The publisher's login for the visitor-auth site: a loopback server that "logs in" anyone at
 * once, signing a JWT with the site's key, and redirects to `<site URL><location>?jwt_token=…`.
 * `configure({ siteUrl, key })` once the site exists; `visits` counts the logins served.
 */
function startLoginServer() {
  // `hold`: answer a plain login page instead of logging in (to see a visitor arrive there).
  const state = { siteUrl: null, key: null, visits: 0, hold: false };
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    state.visits += 1;
    if (state.hold) {
      res.writeHead(200, { "Content-Type": "text/html" }).end("<title>Log in</title>Log in");
      return;
    }
    if (!state.siteUrl || !state.key) {
      res.writeHead(503, { "Content-Type": "text/plain" }).end("login not configured");
      return;
    }
    const location = url.searchParams.get("location") ?? "/";
    const target = new URL(state.siteUrl + (location.startsWith("/") ? location : `/${location}`));
    const now = Math.floor(Date.now() / 1000);
    target.searchParams.set(
      "jwt_token",
      signVisitorToken({ sub: "reader", exp: now + 600 }, state.key),
    );
    res.writeHead(302, { Location: target.toString(), "Cache-Control": "no-store" }).end();
  });
  return new Promise((done) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      done({
        url: `http://127.0.0.1:${port}/login`,
        state,
        configure: ({ siteUrl, key }) => Object.assign(state, { siteUrl, key }),
        close: () => server.close(),
      });
    });
  });
}

/** Every test of test-browser/*.mjs, `{ file, name, run, needsFixture }`, filtered by the first argument. */
async function collectTests(filter) {
  const tests = [];
  for (const file of readdirSync(TESTS_DIR)
    .filter((f) => f.endsWith(".mjs"))
    .sort()) {
    const mod = await import(pathToFileURL(join(TESTS_DIR, file)).href);
    for (const test of mod.tests ?? []) {
      if (!filter || `${file} ${test.name}`.includes(filter)) {
        tests.push({
          file,
          needsFixture: mod.needsFixture === true,
          apiVars: mod.apiVars,
          ...test,
        });
      }
    }
  }
  return tests;
}

/**
 * The API's vars of the selected tests' files, one set for the run: a var two files set alike
 * once, JSON lists joined (each file's `OIDC_PROVIDERS` entries: oidc.mjs's and github.mjs's
 * providers side by side), any other difference an error naming the var.
 */
function mergeApiVars(sets) {
  const merged = {};
  const listOf = (value) => {
    try {
      const parsed = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : null;
    } catch {
      return null;
    }
  };
  for (const [name, value] of sets.flatMap((set) => Object.entries(set ?? {}))) {
    const before = merged[name];
    if (before === undefined || before === value) merged[name] = value;
    else if (listOf(before) && listOf(value)) {
      merged[name] = JSON.stringify([...listOf(before), ...listOf(value)]);
    } else throw new Error(`test files set the API's var ${name} differently`);
  }
  return merged;
}

const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const tests = await collectTests(process.argv[2]);
let CHROMIUM;
try {
  CHROMIUM = ensureChromium();
} catch (error) {
  if (!(error instanceof NoChromium)) throw error;
  console.error(`✗ ${error.message}`);
  console.log(`browser: 0 passed, ${tests.length} failed`);
  rmSync(RUN_DIR, { recursive: true, force: true });
  process.exit(1);
}
let workers = null;
let login = null;
let launching = null;
let passed = 0;
let failed = 0;
try {
  // Both at once; a browser launched beside a failed start is still closed below.
  launching = puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Root in a container has no user namespace for Chromium's sandbox.
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
    // Hang guards, not speed checks: axe over the whole API reference (1.7 MB of HTML) took over
    // puppeteer's default 180 s on a 2-core machine loaded to 12 (CI beside other work).
    protocolTimeout: 600_000,
  });
  workers = await startLocalWorkers({
    runDir: RUN_DIR,
    apiVars: mergeApiVars([...new Set(tests.map((t) => t.apiVars))]),
  });
  const browser = await launching;
  let fixture = null;
  if (tests.some((t) => t.needsFixture)) {
    login = await startLoginServer();
    fixture = await seedReaderFixture({
      base: workers.base,
      token: workers.seed.secret,
      orgId: workers.seed.organization.id,
      loginUrl: login.url,
    });
    login.configure({ siteUrl: fixture.visitorAuth.url, key: fixture.visitorAuth.key });
    fixture.login = login;
    console.log(`  servers up and fixture seeded at ${seconds()}`);
  }
  const { base, readerBase, appBase } = workers;
  for (const test of tests) {
    const testStarted = Date.now();
    // Each test in a context of its own: no cookie, storage or cache from the one before.
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    // Navigations wait up to 2 minutes (puppeteer's default 30 s failed under that same load).
    page.setDefaultTimeout(120_000);
    const requests = watchRequests(browser, page);
    try {
      const notes = (await test.run({ base, readerBase, appBase, fixture, page, browser })) ?? [];
      passed += 1;
      console.log(`✓ ${test.file} › ${test.name} (${Date.now() - testStarted} ms)`);
      for (const note of notes) console.log(`    ${note}`);
    } catch (error) {
      failed += 1;
      console.log(`✗ ${test.file} › ${test.name}\n    ${String(error?.stack ?? error)}`);
      for (const line of requests.pending()) console.log(`    unanswered: ${line}`);
    } finally {
      requests.stop();
      await context.close().catch(() => {});
    }
  }
} catch (error) {
  failed = Math.max(failed, 1);
  console.error(`✗ browser tests could not run: ${error?.stack ?? error}`);
} finally {
  await (await launching?.catch(() => null))?.close();
  login?.close();
  await workers?.stop();
  rmSync(RUN_DIR, { recursive: true, force: true });
}
console.log(`browser: ${passed} passed, ${failed} failed (${seconds()})`);
process.exitCode = failed > 0 || tests.length === 0 ? 1 : 0;
