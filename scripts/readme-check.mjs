#!/usr/bin/env node
// `npm run readme:check [-- --port 8799]`: runs the README's walk-throughs against a real
// `npm run dev` and reports every command's outcome. Slow (a server, wrangler calls): not part of
// `npm test`.
//
// 1. Starts `npm run dev -- --port <port>` (default 8799) on a FRESH local state
//    (.wrangler/readme-check/, deleted first; QUIRE_STATE_DIR), waits for its demo site.
// 2. Runs the README's ```sh blocks in order (scripts/lib/readme-blocks.mjs: markers skip a block
//    or start it in the background) in ONE bash session from the repository root, so the
//    variables a block sets (ORG, SPACE, …) are there for the next ones, as for a reader who
//    pastes them one after another into one terminal.
// 3. Substitutes what a reader on another port and state would (the substitution convention):
//    `localhost:8787` → `localhost:<port>`, `.wrangler/quire-demo-token` → the fresh state's
//    token file, `localhost:8788` (the local IdP, `npm run sso:idp`) → `localhost:<port - 1>`,
//    `localhost:8789` (the reader) → `localhost:<port + 2>`;
//    QUIRE_STATE_DIR is exported (so `npm run admin` writes the same database) and SSO_IDP_PORT
//    is <port - 1>. Nothing else: every id, token and code a
//    command needs comes from an earlier command, as the README shows it.
// 4. A command passes when its exit status is 0 and every HTTP answer curl received in it
//    (headers dumped by a `curl` wrapper function) is below 400, or is the one its trailing
//    comment announces (`# answers 404`: the README shows a refusal on purpose). The report lists each command
//    with its answers' statuses and the start of its output; the exit status is 1 if any failed.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { openSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DEFAULT_PORT, portArgument } from "./lib/dev-env.mjs";
import { readerPort } from "./lib/reader.mjs";
import { shellBlocks } from "./lib/readme-blocks.mjs";
import { ROOT } from "./lib/root.mjs";

const PORT = portArgument(process.argv.slice(2)) ?? 8799;
const WORK = resolve(ROOT, ".wrangler/readme-check");
const STATE = join(WORK, "state");
const TOKEN_FILE = ".wrangler/readme-check/quire-demo-token";
/** Longest a single command may run (a PDF, a spec's processing, `npm run admin`). */
const COMMAND_TIMEOUT_MS = 180_000;
const MARK = `__readme_check_${process.pid}__`;

/** The local IdP's port (`npm run sso:idp`, SSO_IDP_PORT): the README's 8788 moves with PORT. */
const IDP_PORT = PORT - 1;

/** Rewrites a command as a reader on PORT with the fresh state would type it. */
function substitute(text) {
  return text
    .replaceAll(`localhost:${DEFAULT_PORT}`, `localhost:${PORT}`)
    .replaceAll(`localhost:${DEFAULT_PORT + 1}`, `localhost:${IDP_PORT}`)
    .replaceAll(`localhost:${readerPort(DEFAULT_PORT)}`, `localhost:${readerPort(PORT)}`)
    .replaceAll(".wrangler/quire-demo-token", TOKEN_FILE);
}

/** Starts a process in its own process group, its output appended to `log`. */
function startGroup(command, args, log, env = {}) {
  const fd = openSync(log, "a");
  return spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", fd, fd],
    env: { ...process.env, ...env },
  });
}

/** Stops a process group this script started. */
function stopGroup(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

/** Waits until `probe()` is true, the deadline passes (throws), or `child` ends (throws). */
async function until(probe, what, ms, child) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the process ended`);
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what}: not ready after ${ms / 1000} s`);
}

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    await res.arrayBuffer();
    return res.status < 500;
  } catch {
    return false;
  }
}

/** One bash session; `run(text)` answers `{ code, stdout, stderr, statuses }`. */
function bashSession(headersDir) {
  const shell = spawn("bash", ["--noprofile", "--norc"], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "pipe"],
    env: {
      ...process.env,
      QUIRE_STATE_DIR: STATE,
      SSO_IDP_PORT: String(IDP_PORT),
      FORCE_COLOR: "0",
    },
  });
  const streams = { stdout: "", stderr: "" };
  shell.stdout.on("data", (d) => (streams.stdout += d));
  shell.stderr.on("data", (d) => (streams.stderr += d));
  shell.stdin.write(
    `set -o pipefail\n` +
      `curl() { local f; f=$(mktemp -p '${headersDir}'); command curl -D "$f" "$@"; }\n`,
  );
  const done = (name) => streams[name].indexOf(`${MARK}`);
  const run = async (text) => {
    streams.stdout = "";
    streams.stderr = "";
    shell.stdin.write(
      `{\n${text}\n} < /dev/null\nprintf '\\n${MARK} %s\\n' "$?"; printf '\\n${MARK}\\n' >&2\n`,
    );
    const deadline = Date.now() + COMMAND_TIMEOUT_MS;
    while (done("stdout") < 0 || done("stderr") < 0) {
      if (Date.now() > deadline) throw new Error(`timed out after ${COMMAND_TIMEOUT_MS / 1000} s`);
      if (shell.exitCode !== null) throw new Error("the shell exited");
      await new Promise((r) => setTimeout(r, 50));
    }
    const code = Number(streams.stdout.slice(done("stdout") + MARK.length).trim());
    const statuses = [];
    for (const file of readdirSync(headersDir).sort()) {
      const head = readFileSync(join(headersDir, file), "utf8");
      const all = [...head.matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)].map((m) => Number(m[1]));
      if (all.length) statuses.push(all[all.length - 1]);
      rmSync(join(headersDir, file));
    }
    return {
      code,
      stdout: streams.stdout.slice(0, done("stdout")).trim(),
      stderr: streams.stderr.slice(0, done("stderr")).trim(),
      statuses,
    };
  };
  return { run, close: () => shell.kill("SIGTERM") };
}

/** One line of output, shortened, for the report. */
function excerpt(text, max = 110) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

async function main() {
  const blocks = shellBlocks(readFileSync(resolve(ROOT, "README.md"), "utf8"));
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const devLog = join(WORK, "dev.log");
  console.log(`Starting npm run dev on port ${PORT} with a fresh state (log: ${devLog})…`);
  const dev = startGroup(process.execPath, ["scripts/dev.mjs", "--port", String(PORT)], devLog, {
    QUIRE_STATE_DIR: STATE,
  });
  const background = [dev];
  const headersDir = mkdtempSync(join(tmpdir(), "readme-check-"));
  const shell = bashSession(headersDir);
  const results = [];
  try {
    await until(
      async () => /✓ Demo site/.test(readFileSync(devLog, "utf8")),
      "npm run dev and its demo site",
      300_000,
      dev,
    );
    for (const block of blocks) {
      const where = `README.md:${block.line} (${block.section})`;
      if (block.mode === "skip") {
        console.log(`skip ${where}: ${block.commands.length} command(s) marked not to run`);
        continue;
      }
      if (block.mode === "background") {
        const text = block.commands.map((c) => substitute(c.text)).join("\n");
        const log = join(WORK, `background-${block.line}.log`);
        const child = startGroup("bash", ["-c", text], log, {
          QUIRE_STATE_DIR: STATE,
          SSO_IDP_PORT: String(IDP_PORT),
        });
        background.push(child);
        const url = block.wait ? substitute(block.wait) : null;
        try {
          if (url) await until(() => answers(url), text, 120_000, child);
          results.push({ ok: true });
          console.log(`bg   ${where}: ${excerpt(text, 60)}${url ? ` (answers at ${url})` : ""}`);
        } catch (err) {
          results.push({ ok: false });
          console.log(`FAIL ${where}: ${err.message} (log: ${log})`);
        }
        continue;
      }
      for (const command of block.commands) {
        const text = substitute(command.text);
        const outcome = await shell.run(text);
        const expected = command.text.match(/# answers (\d{3})\b/)?.[1];
        const http = outcome.statuses.filter((s) => s >= 400 && String(s) !== expected);
        const ok = outcome.code === 0 && http.length === 0;
        results.push({ ok });
        const statuses = outcome.statuses.length ? ` [${outcome.statuses.join(" ")}]` : "";
        console.log(
          `${ok ? "ok  " : "FAIL"} README.md:${command.line} ${excerpt(text, 70)}${statuses}` +
            (ok ? "" : ` exit ${outcome.code}`),
        );
        const shown = ok ? outcome.stdout : `${outcome.stdout}\n${outcome.stderr}`;
        if (shown.trim()) console.log(`       → ${excerpt(shown, ok ? 110 : 600)}`);
      }
    }
  } finally {
    shell.close();
    for (const child of background.reverse()) stopGroup(child);
    rmSync(headersDir, { recursive: true, force: true });
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(
    failed
      ? `\n${failed} of ${results.length} README commands failed`
      : `\nall ${results.length} README commands passed`,
  );
  return failed === 0;
}

main().then(
  (passed) => process.exit(passed ? 0 : 1),
  (err) => {
    console.error(`✗ ${err instanceof Error ? err.message : String(err)}`);
    if (existsSync(join(WORK, "dev.log")))
      console.error(`  (server log: ${join(WORK, "dev.log")})`);
    process.exit(1);
  },
);
