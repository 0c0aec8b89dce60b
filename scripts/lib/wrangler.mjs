// Runs the project's own wrangler (node_modules, never a global one) for the scripts: migrations,
// `d1 execute --json` against the local or the remote database, and `wrangler dev`.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { stateDir } from "./dev-env.mjs";
import { ROOT } from "./root.mjs";
import { joinStatements } from "./sql.mjs";

export { ROOT };

/** The D1 binding name in wrangler.toml. */
const D1_BINDING = "DB";

/** Thrown when a wrangler command fails; `message` is wrangler's own explanation. */
export class WranglerError extends Error {}

const require = createRequire(import.meta.url);
const WRANGLER_BIN = resolve(dirname(require.resolve("wrangler/package.json")), "bin/wrangler.js");

/**
 * Spawns wrangler with the current Node. `quiet` runs it with no TTY on stdin and CI=true, so any
 * confirmation takes wrangler's non-interactive fallback instead of waiting for an answer.
 */
export function spawnWrangler(args, { quiet = true } = {}) {
  return spawn(process.execPath, [WRANGLER_BIN, ...args], {
    cwd: ROOT,
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    env: quiet ? { ...process.env, CI: "true", FORCE_COLOR: "0" } : process.env,
  });
}

/** Runs a quiet wrangler command to completion and collects its output. */
export function runWrangler(args) {
  return new Promise((resolvePromise, reject) => {
    const child = spawnWrangler(args);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code, stdout, stderr }));
  });
}

/** `--local` with the local state folder (QUIRE_STATE_DIR), or `--remote`. */
function targetArgs(target) {
  return target === "local" ? ["--local", "--persist-to", stateDir()] : [`--${target}`];
}

/** Applies the drizzle/ migrations to the local or remote database; returns how many ran. */
export async function applyMigrations(target) {
  const { code, stdout, stderr } = await runWrangler([
    "d1",
    "migrations",
    "apply",
    D1_BINDING,
    ...targetArgs(target),
  ]);
  if (code !== 0) {
    throw new WranglerError(plain(`wrangler d1 migrations apply failed:\n${stdout}${stderr}`));
  }
  if (/No migrations to apply/.test(stdout)) return 0;
  const match = stdout.match(/About to apply (\d+) migration/);
  return match ? Number(match[1]) : 0;
}

/**
 * Runs statements as one `wrangler d1 execute --command ... --json` call (one D1 batch) and
 * returns the rows of each statement, in order.
 */
export async function d1Execute(target, statements) {
  const { code, stdout, stderr } = await runWrangler([
    "d1",
    "execute",
    D1_BINDING,
    ...targetArgs(target),
    "--json",
    "--command",
    joinStatements(statements),
  ]);
  const parsed = parseJson(stdout);
  if (code !== 0 || !Array.isArray(parsed)) {
    throw new WranglerError(explainFailure(target, parsed, stdout, stderr));
  }
  if (parsed.length !== statements.length || parsed.some((r) => r.success === false)) {
    throw new WranglerError(`unexpected answer from wrangler d1 execute:\n${stdout}`);
  }
  return parsed.map((r) => r.results ?? []);
}

function parseJson(text) {
  const start = text.search(/^[[{]/m);
  if (start < 0) return null;
  try {
    return JSON.parse(text.slice(start));
  } catch {
    return null;
  }
}

function explainFailure(target, parsed, stdout, stderr) {
  const text = parsed?.error?.text ?? (`${stderr}\n${stdout}`.trim() || "no output");
  let hint = "";
  if (/no such table/i.test(text)) {
    hint =
      target === "local"
        ? "\nThe local database has no tables yet: run `npm run dev` or `npm run db:migrate:local`."
        : "\nThe remote database has no tables yet: run `npm run deploy` (it applies migrations).";
  } else if (target === "remote" && /auth|login|CLOUDFLARE_API_TOKEN|account/i.test(text)) {
    hint = "\nRemote commands need `wrangler login` or CLOUDFLARE_API_TOKEN (and the database_id).";
  }
  return plain(`wrangler d1 execute --${target} failed: ${text}${hint}`);
}

/** Wrangler's output without colour codes, for error messages. */
function plain(text) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\x1b\[[0-9;]*m/g, "").trim();
}
