#!/usr/bin/env node
// `npm run dev`: the whole local default in one command, on a machine with no Cloudflare account.
// 1. applies drizzle/ migrations to the local D1 (non-interactively),
// 2. seeds, idempotently, a demo owner, "Demo Organization" and an API token whose secret is kept
//    in .wrangler/quire-demo-token (reused while the database still accepts it),
// 3. prints the token and ready-to-paste curl lines,
// 4. runs `wrangler dev` on port 8787 with local D1/R2 state under .wrangler/state.
// Arguments after `--` go to `wrangler dev` (e.g. `npm run dev -- --test-scheduled`);
// `--seed-only` stops after step 3 (`npm run seed`).
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { DEMO, demoTokenFileLabel, seedDemo } from "./lib/demo.mjs";
import { applyMigrations, ROOT, spawnWrangler } from "./lib/wrangler.mjs";

const DEFAULT_PORT = "8787";

function portOf(args) {
  for (let i = 0; i < args.length; i++) {
    const m = args[i].match(/^--port(?:=(\d+))?$/);
    if (m) return m[1] ?? args[i + 1];
  }
  return null;
}

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
    appendFileSync(file, `${text.endsWith("\n") || text === "" ? "" : "\n"}SIGNING_SECRET=${secret}\n`);
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

async function prepare(port) {
  ensureDevVars();
  const applied = await applyMigrations("local");
  console.log(
    `✓ D1 migrations: ${applied ? `${applied} applied` : "up to date"} (local state in .wrangler/state)`,
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
}

function runDevServer(args, port) {
  const portArgs = portOf(args) ? [] : ["--port", port];
  // Local development may reach services on this machine (a spec served on localhost, a local
  // LibreTranslate, an integration's dev tunnel); deployments never can.
  const local = ["--var", "OUTBOUND_ALLOW_LOOPBACK:true"];
  const child = spawnWrangler(["dev", ...portArgs, ...local, ...args], { quiet: false });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
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
}

const args = process.argv.slice(2);
const seedOnly = args.includes("--seed-only");
const wranglerArgs = args.filter((a) => a !== "--seed-only");
const port = portOf(wranglerArgs) ?? DEFAULT_PORT;

try {
  await prepare(port);
} catch (err) {
  console.error(`✗ ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
if (!seedOnly) {
  console.log(`Starting wrangler dev on http://localhost:${port} (Ctrl-C to stop)…\n`);
  runDevServer(wranglerArgs, port);
}
