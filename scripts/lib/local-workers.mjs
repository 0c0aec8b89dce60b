// The three Workers started for a run of their own: `wrangler dev` for the API, the reader and the
// app on free ports, a throw-away local state (its own D1 with the demo token seeded, its own dev
// registry so the reader's and the app's `API` bindings find this run's API; the API's
// PUBLIC_APP_URL is the app's address, its mail goes to the dev outbox). Shared by the browser
// tests (scripts/browser-tests.mjs) and `npm run bench:app` (bench/app.mjs).
//
// The caller sets QUIRE_STATE_DIR and WRANGLER_REGISTRY_PATH (see `runFolders`) BEFORE importing
// this module: the wrangler helpers read both from the environment.
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./root.mjs";
import { seedDemo } from "./demo.mjs";
import { applyMigrations, spawnWrangler } from "./wrangler.mjs";
import { freePort, spawnReader, untilAnswers } from "./reader.mjs";
import { spawnApp } from "./app.mjs";

/** How long `wrangler dev` may take to answer its first request (a cold build on a busy machine). */
const START_TIMEOUT_MS = 180_000;

/** Collects a child's output (shown when it fails to start). */
function captured(child) {
  const out = { text: "" };
  child.stdout?.on("data", (chunk) => (out.text = (out.text + chunk).slice(-4000)));
  child.stderr?.on("data", (chunk) => (out.text = (out.text + chunk).slice(-4000)));
  return out;
}

/** The per-minute budgets of a run's API: every page and poll of a run comes from one address. */
const RUN_RATE_LIMIT = 100_000;

/**
 * The API's wrangler.toml with the address and token budgets raised to RUN_RATE_LIMIT (the
 * bindings' `simple.limit` and their [vars] mirrors), written beside it (so its relative paths
 * hold) as a dotfile of this process. Dozens of browser tests, each a person signing in and polling
 * the dev outbox, all come from 127.0.0.1: under the deployment's 300 per minute per address the
 * later ones met 429s. The limits themselves are tested in the suite (test/platform/rate-limit).
 */
function runConfig() {
  const path = join(ROOT, `.wrangler-run-${process.pid}.toml`);
  const text = readFileSync(join(ROOT, "wrangler.toml"), "utf8")
    .replace(/^(RATE_LIMIT_(?:TOKEN|IP)_LIMIT = )"\d+"/gm, `$1"${RUN_RATE_LIMIT}"`)
    .replace(
      /(name = "RATE_LIMIT_(?:TOKEN|IP)"\nnamespace_id = "\d+"\nsimple = \{ limit = )\d+/g,
      `$1${RUN_RATE_LIMIT}`,
    );
  if ((text.match(new RegExp(String(RUN_RATE_LIMIT), "g")) ?? []).length !== 4)
    throw new Error(
      "wrangler.toml's rate limits changed shape: update scripts/lib/local-workers.mjs",
    );
  writeFileSync(path, text);
  return path;
}

/**
 * Starts the API Worker on `port` with published sites under `sitesUrl`, the app at `appUrl`, and
 * `apiVars` (e.g. test-browser/oidc.mjs: its local provider).
 */
function startApi(config, port, inspector, sitesUrl, appUrl, apiVars) {
  return spawnWrangler([
    "dev",
    "--config",
    config,
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-port",
    String(inspector),
    "--persist-to",
    process.env.QUIRE_STATE_DIR,
    "--show-interactive-dev-session=false",
    // The secret every request context needs (npm run dev keeps one in .dev.vars): a fresh one.
    "--var",
    `SIGNING_SECRET:${randomBytes(32).toString("hex")}`,
    "--var",
    `PUBLIC_APP_URL:${appUrl}`,
    "--var",
    `PUBLIC_SITES_URL:${sitesUrl}`,
    // Sign-in mail is kept in the dev outbox (GET /v1/dev/outbox), as under `npm run dev`.
    "--var",
    "MAIL_TRANSPORT:outbox",
    // Anyone may sign up by e-mail: each sign-in test is a person of its own (the API sends one
    // address at most a few messages per window).
    "--var",
    "SIGN_UP:open",
    ...Object.entries(apiVars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ]);
}

/** Stops `children` and resolves once they exited (wrangler writes its state on the way out). */
function stopAll(children) {
  return Promise.all(
    children.map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return null;
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      return Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
    }),
  );
}

/**
 * Starts the reader (unless `reader` is false) and the app, prepares the database (migrations,
 * demo token) and starts the API; resolves once they answer. Answers their base URLs, the
 * token's seed and a stop. `runDir` holds the reader's and the app's local state.
 */
export async function startLocalWorkers({ runDir, apiVars = {}, reader: withReader = true }) {
  const [apiPort, inspector, readerPort, appPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const base = `http://127.0.0.1:${apiPort}`;
  const readerBase = `http://127.0.0.1:${readerPort}`;
  // `localhost`, not an address: WebAuthn refuses an IP address as a relying party id (passkeys).
  const appBase = `http://localhost:${appPort}`;
  // The reader and the app first: they build while the database is prepared (they need the API
  // per request only).
  const reader = withReader
    ? await spawnReader({
        port: readerPort,
        sitesUrl: readerBase,
        ip: "127.0.0.1",
        persistTo: join(runDir, "reader-state"),
      })
    : null;
  const app = await spawnApp({
    port: appPort,
    ip: "127.0.0.1",
    persistTo: join(runDir, "app-state"),
  });
  let seed;
  try {
    await applyMigrations("local");
    seed = await seedDemo("local");
  } catch (error) {
    reader?.kill("SIGTERM");
    app.kill("SIGTERM");
    throw error;
  }
  const config = runConfig();
  const api = startApi(config, apiPort, inspector, readerBase, appBase, apiVars);
  const children = [api, reader, app].filter(Boolean);
  const logs = children.map(captured);
  const stop = () => stopAll(children).finally(() => rmSync(config, { force: true }));
  try {
    await Promise.all([
      untilAnswers(`${base}/v1/openapi.json`, START_TIMEOUT_MS, api),
      reader ? untilAnswers(`${readerBase}/_quire/reader.css`, START_TIMEOUT_MS, reader) : null,
      untilAnswers(`${appBase}/_app/app.css`, START_TIMEOUT_MS, app),
    ]);
  } catch (error) {
    await stop();
    throw new Error(`${error.message}:\n${logs.map((l) => l.text.slice(-2000)).join("\n---\n")}`, {
      cause: error,
    });
  }
  return { base, readerBase, appBase, seed, stop };
}
