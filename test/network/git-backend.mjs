// The Node half of test/network/git-host.ts: bare repositories made with the git CLI in a temp
// directory, and `git http-backend` run as a CGI program for each request (Debian's git).
import { spawnSync } from "node:child_process";
import { httpBackend as cgiBackend } from "../../scripts/lib/git-http-backend.mjs";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

let root = null;

/** The directory holding every test repository (GIT_PROJECT_ROOT), made at first use. */
function projectRoot() {
  root ??= mkdtempSync(join(tmpdir(), "quire-git-"));
  return root;
}

/** The environment every git command runs in: no user or system config, fixed identities and dates. */
function gitEnv(extra = {}) {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: projectRoot(),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "Test Author",
    GIT_AUTHOR_EMAIL: "author@example.com",
    GIT_AUTHOR_DATE: "1700000000 +0000",
    GIT_COMMITTER_NAME: "Test Committer",
    GIT_COMMITTER_EMAIL: "committer@example.com",
    GIT_COMMITTER_DATE: "1700000000 +0000",
    ...extra,
  };
}

function run(args, cwd) {
  const out = spawnSync("git", args, { cwd, env: gitEnv(), encoding: "utf8" });
  if (out.status !== 0) throw new Error(`git ${args.join(" ")}: ${out.stderr}`);
  return out.stdout;
}

function repoDir(name) {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(name)) throw new Error(`bad repository name ${name}`);
  return join(projectRoot(), `${name}.git`);
}

/** Makes `<name>.git` from commits applied in order, optionally repacked with deltas; answers the tip. */
export function createRepo({ name, branch = "main", commits, repack = false, tags = [] }) {
  const work = mkdtempSync(join(tmpdir(), "quire-git-work-"));
  try {
    run(["init", "-q", "-b", branch, work]);
    for (const [i, commit] of commits.entries()) {
      for (const [path, content] of Object.entries(commit.files ?? {})) {
        const file = join(work, path);
        if (content === null) rmSync(file, { force: true });
        else {
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, content);
        }
      }
      run(["add", "-A"], work);
      run(["commit", "-q", "--allow-empty", "-m", commit.message ?? `commit ${i + 1}`], work);
    }
    for (const tag of tags) run(["tag", "-a", tag, "-m", `tag ${tag}`], work);
    const bare = repoDir(name);
    rmSync(bare, { recursive: true, force: true });
    run(["clone", "-q", "--bare", work, bare]);
    run(["config", "http.receivepack", "true"], bare);
    if (repack) run(["repack", "-adf", "--depth=50", "--window=250"], bare);
    return { head: run(["rev-parse", "HEAD"], bare).trim() };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Runs git in a test repository (what a person on the server side would type), `input` on its stdin. */
export function gitIn({ name, args, input }) {
  const out = spawnSync("git", args, {
    cwd: repoDir(name),
    env: gitEnv(),
    encoding: "utf8",
    ...(input === undefined ? {} : { input }),
  });
  return { status: out.status ?? -1, stdout: out.stdout, stderr: out.stderr };
}

/**
 * What a person does from the command line: clone `<name>.git`, write the files (null deletes),
 * commit and push; `amend` rewrites the last commit instead and force-pushes. Answers the new tip.
 */
export function pushCommit({ name, files, message = "edit from the CLI", amend = false }) {
  const work = mkdtempSync(join(tmpdir(), "quire-git-work-"));
  try {
    run(["clone", "-q", repoDir(name), work]);
    for (const [path, content] of Object.entries(files ?? {})) {
      const file = join(work, path);
      if (content === null) rmSync(file, { force: true });
      else {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, content);
      }
    }
    run(["add", "-A"], work);
    run(["commit", "-q", "--allow-empty", ...(amend ? ["--amend"] : []), "-m", message], work);
    run(["push", "-q", ...(amend ? ["--force"] : []), "origin", "HEAD"], work);
    return { head: run(["rev-parse", "HEAD"], work).trim() };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** `git clone` of `<name>.git`: every file's text by path (.git/ aside), the tip and the log's subjects. */
export function cloneFiles({ name }) {
  const work = mkdtempSync(join(tmpdir(), "quire-git-clone-"));
  try {
    run(["clone", "-q", repoDir(name), work]);
    const files = {};
    const walk = (dir, prefix) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === ".git" && prefix === "") continue;
        const path = `${prefix}${entry.name}`;
        if (entry.isDirectory()) walk(join(dir, entry.name), `${path}/`);
        else files[path] = readFileSync(join(dir, entry.name), "utf8");
      }
    };
    walk(work, "");
    const head = run(["rev-parse", "HEAD"], work).trim();
    const log = run(["log", "--format=%s"], work).trim().split("\n");
    return { files, head, log };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** One request through `git http-backend` (CGI, scripts/lib/git-http-backend.mjs): its status, headers and body. */
export function httpBackend(request) {
  return cgiBackend(projectRoot(), request, gitEnv());
}
