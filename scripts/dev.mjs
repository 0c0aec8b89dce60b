#!/usr/bin/env node
// `npm run dev`: the whole local default in one command, on a machine with no Cloudflare account.
// 1. applies drizzle/ migrations to the local D1 (non-interactively),
// 2. seeds, idempotently, a demo owner, "Demo Organization" and an API token whose secret is kept
//    in .wrangler/quire-demo-token (reused while the database still accepts it),
// 3. prints the token and ready-to-paste curl lines,
// 4. runs `wrangler dev` on port 8787 (or `--port N`, or QUIRE_PORT) with local D1/R2 state
//    under .wrangler/state (or QUIRE_STATE_DIR), PUBLIC_APP_URL the app's address (step 5), and
//    `--test-scheduled` (GET /__scheduled runs the cron jobs),
// 5. once the server answers, starts the reader Worker (reader/, published sites as HTML) on the
//    port two above (8789) and the app Worker (app/: sign-in, account and organization screens)
//    on the port three above (8790), makes sure the demo's published site exists
//    (scripts/lib/demo-site.mjs, through the API), prints its id, its address in the reader and a
//    curl line resolving it, and the app's address.
// The Workers find each other through a dev registry of this checkout's own (beside the state:
// .wrangler/dev-registry, or WRANGLER_REGISTRY_PATH), not wrangler's one per machine, so two
// checkouts can run `npm run dev` side by side; a port already taken (another checkout's server)
// stops it before anything starts, naming a free `--port`.
// Arguments after `--` go to `wrangler dev` (e.g. `npm run dev -- --port 9000`);
// `--seed-only` stops after step 3 (`npm run seed`; it also does step 5 when a server already
// answers on that port).
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { DEMO, demoTokenFileLabel, seedDemo } from "./lib/demo.mjs";
import { seedDemoSite } from "./lib/demo-site.mjs";
import {
  clientPort,
  recordPort,
  registryDir,
  serverPort,
  shownPath,
  stateDir,
} from "./lib/dev-env.mjs";
import { freePortSet, portTaken } from "./lib/ports.mjs";
import { localSitesUrl, readerPort, spawnReader, untilAnswers } from "./lib/reader.mjs";
import { appPort, localAppUrl, spawnApp } from "./lib/app.mjs";
import { applyMigrations, ROOT, spawnWrangler } from "./lib/wrangler.mjs";

/** How long the server may take to answer before the demo site is given up (the first build). */
const READY_TIMEOUT_MS = 180_000;

/**
 * Local secrets live in .dev.vars (gitignored), never in wrangler.toml [vars]: a [vars] value
 * would replace the production secret of the same name on `wrangler deploy`. A missing file is
 * created with a random SIGNING_SECRET; an existing one is the developer's and is left alone.
 */
function ensureDevVars() {
  const file = resolve(ROOT, ".dev.vars");
  const secret = randomBytes(32).toString("base64url");
  if (existsSync(file)) {
    // The developer's file: only add the secret the Worker cannot run without.
    const text = readFileSync(file, "utf8");
    if (/^SIGNING_SECRET=/m.test(text)) return;
    appendFileSync(
      file,
      `${text.endsWith("\n") || text === "" ? "" : "\n"}SIGNING_SECRET=${secret}\n`,
    );
    console.log("✓ Added a random local SIGNING_SECRET to .dev.vars");
    return;
  }
  writeFileSync(
    file,
    `# Local-only values for \`wrangler dev\` (gitignored). Production: wrangler secret put.\n` +
      `SIGNING_SECRET=${secret}\n`,
    { mode: 0o600 },
  );
  console.log("✓ Created .dev.vars with a random local SIGNING_SECRET");
}

/** Whether the developer's .dev.vars sets a variable (then it wins over what dev would pass). */
function devVarsSet(name) {
  const file = resolve(ROOT, ".dev.vars");
  return existsSync(file) && new RegExp(`^${name}=`, "m").test(readFileSync(file, "utf8"));
}

/** Steps 1 to 3; answers the seed (its organization and token). */
async function prepare(port) {
  ensureDevVars();
  const applied = await applyMigrations("local");
  console.log(
    `✓ D1 migrations: ${applied ? `${applied} applied` : "up to date"} (local state in ${shownPath(stateDir())})`,
  );
  const seed = await seedDemo("local");
  const org = seed.organization;
  console.log(
    `✓ ${org.title} (id ${org.id}) ${seed.organizationCreated ? "created" : "already there"}; ` +
      `owner ${seed.user.email} (id ${seed.user.id})`,
  );
  console.log(
    seed.tokenIssued
      ? `✓ New demo API token, saved in ${demoTokenFileLabel()}`
      : `✓ Demo API token reused from ${demoTokenFileLabel()} (still valid)`,
  );
  const base = `http://localhost:${port}`;
  const auth = `-H "Authorization: Bearer ${seed.secret}"`;
  console.log(`
  Token (${DEMO.email}, all rights):

    ${seed.secret}

  Try it once the server is ready:

    curl ${auth} ${base}/v1/orgs
    curl ${auth} ${base}/v1/user

  API description: ${base}/v1/openapi.json   reference: ${base}/v1/reference
`);
  return seed;
}

/** Whether the API answers on `base` now (the demo token's `GET /v1/user`). */
async function answers(base, token) {
  try {
    const res = await fetch(`${base}/v1/user`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5000),
    });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/** Waits until the API answers on `base`, or the server process ended, or the time is up. */
async function untilReady(base, token, child) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    if (await answers(base, token)) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/** Step 5: the demo's published site, and the lines that read it. */
async function demoSite(base, seed, readerChild) {
  const demo = await seedDemoSite({
    base,
    token: seed.secret,
    organizationId: seed.organization.id,
  });
  const page = `${demo.published}/${demo.pagePath}`;
  if (readerChild) await untilAnswers(`${demo.published}`, READY_TIMEOUT_MS, readerChild);
  console.log(`
✓ Demo site "${demo.site.title}" (id ${demo.site.id}) ${demo.created ? "published" : "already published"}, public.
  Read it in a browser (the reader Worker):

    ${demo.published}

  Resolve one of its pages anonymously (the answer's apiToken reads the site's content):

    curl -s -X POST ${base}/v1/urls/published -H 'content-type: application/json' -d '{"url":"${page}"}'
`);
}

function runDevServer(args, port, seed) {
  const base = `http://localhost:${port}`;
  const extra = ["--port", String(port), "--persist-to", stateDir()];
  if (!args.includes("--test-scheduled")) extra.push("--test-scheduled");
  // Local development may reach services on this machine (a spec served on localhost, a local
  // LibreTranslate, an integration's dev tunnel); deployments never can.
  const vars = ["--var", "OUTBOUND_ALLOW_LOOPBACK:true"];
  // Every URL the API prints or answers (urls.*, the SSO callback, published sites) on this port.
  if (!devVarsSet("PUBLIC_APP_URL")) vars.push("--var", `PUBLIC_APP_URL:${localAppUrl(port)}`);
  // Published sites live in the reader, on the next port.
  const sitesUrl = localSitesUrl(port);
  if (!devVarsSet("PUBLIC_SITES_URL")) vars.push("--var", `PUBLIC_SITES_URL:${sitesUrl}`);
  // Mail stays on this machine: the outbox transport keeps every message in the local D1, where
  // the app's /dev/outbox page (GET /v1/dev/outbox) lists it. .dev.vars may choose another.
  if (!devVarsSet("MAIL_TRANSPORT")) vars.push("--var", "MAIL_TRANSPORT:outbox");
  recordPort(port);
  const child = spawnWrangler(["dev", ...extra, ...vars, ...args], { quiet: false });
  let reader = null;
  let app = null;
  const forward = (signal) => {
    for (const worker of [child, reader, app]) {
      if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill(signal);
    }
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, forward);
  child.on("error", (err) => {
    console.error(`could not start wrangler dev: ${err.message}`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => {
    if (signal) {
      for (const s of ["SIGINT", "SIGTERM", "SIGHUP"]) process.removeAllListeners(s);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
  untilReady(base, seed.secret, child)
    .then(async (ready) => {
      if (!ready) {
        if (child.exitCode === null) console.error(`✗ ${base} did not answer: no demo site.`);
        return;
      }
      console.log(`Starting the reader (published sites as HTML) on ${sitesUrl}…`);
      reader = await spawnReader({ port: readerPort(port), sitesUrl, quiet: false });
      reader.on("exit", (code) => {
        if (code) console.error(`✗ the reader stopped (exit ${code}); the API keeps running.`);
      });
      const appUrl = localAppUrl(port);
      console.log(`Starting the app (sign-in, account, organization settings) on ${appUrl}…`);
      app = await spawnApp({ port: appPort(port), quiet: false, watch: true });
      app.on("exit", (code) => {
        if (code) console.error(`✗ the app stopped (exit ${code}); the API keeps running.`);
      });
      await demoSite(base, seed, reader);
      await untilAnswers(`${appUrl}/_app/app.css`, READY_TIMEOUT_MS, app);
      console.log(`
✓ The app: ${appUrl}   (sign in: ${appUrl}/sign-in; messages it would send: ${appUrl}/dev/outbox)
`);
    })
    .catch((err) =>
      console.error(`✗ demo site or app: ${err instanceof Error ? err.message : err}`),
    );
}

/**
 * Refuses to start when the API's, the reader's or the app's port is taken (most likely by
 * `npm run dev` in another checkout: its server would answer this one's URLs), naming ports that
 * are free now.
 */
async function checkPortsFree(port) {
  const ports = (p) => [p, readerPort(p), appPort(p)];
  const taken = [];
  for (const p of ports(port)) if (await portTaken(p)) taken.push(p);
  if (taken.length === 0) return;
  const free = await freePortSet(port + 100, ports);
  const name = (p) => (p === port ? "the API" : p === readerPort(port) ? "the reader" : "the app");
  const which = taken.map((p) => `${p} (${name(p)})`).join(", ");
  throw new Error(
    `${taken.length > 1 ? "Ports" : "Port"} ${which} ${taken.length > 1 ? "are" : "is"} already in use, ` +
      `perhaps by \`npm run dev\` in another checkout.\n` +
      (free
        ? `  Serve on other ports: \`npm run dev -- --port ${free}\` (the reader then takes ${readerPort(free)}, the app ${appPort(free)}),`
        : `  Serve on other ports: \`npm run dev -- --port <N>\` (the reader takes N+2, the app N+3),`) +
      ` or QUIRE_PORT=${free ?? "<N>"}.`,
  );
}

/** This checkout's own dev registry, so another checkout's Workers of the same names stay apart. */
function useOwnRegistry() {
  const dir = registryDir();
  process.env.WRANGLER_REGISTRY_PATH = dir;
  mkdirSync(dir, { recursive: true });
}

/** Takes the options dev.mjs itself reads out of the arguments for `wrangler dev`. */
function ownOptions(args) {
  const rest = [];
  for (let i = 0; i < args.length; i++) {
    const m = args[i].match(/^--(port|persist-to)(?:=(.*))?$/);
    if (!m) {
      if (args[i] !== "--seed-only") rest.push(args[i]);
      continue;
    }
    const value = m[2] ?? args[++i];
    // One state folder for the seed and the server: `--persist-to` is QUIRE_STATE_DIR.
    if (m[1] === "persist-to") process.env.QUIRE_STATE_DIR = value;
  }
  return rest;
}

const args = process.argv.slice(2);
const seedOnly = args.includes("--seed-only");

try {
  const wranglerArgs = ownOptions(args);
  const port = seedOnly ? clientPort(args) : serverPort(args);
  if (!seedOnly) {
    await checkPortsFree(port);
    useOwnRegistry();
  }
  const seed = await prepare(port);
  const base = `http://localhost:${port}`;
  if (!seedOnly) {
    console.log(`Starting wrangler dev on ${base} (Ctrl-C to stop)…\n`);
    runDevServer(wranglerArgs, port, seed);
  } else if (await answers(base, seed.secret)) {
    await demoSite(base, seed);
  } else {
    console.log(`(No server on ${base}: \`npm run dev\` publishes the demo site once it answers.)`);
  }
} catch (err) {
  console.error(`✗ ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
