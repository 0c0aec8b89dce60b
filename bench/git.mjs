#!/usr/bin/env node
// `npm run bench:git`: Git Sync of a generated repository of 1,000 pages and 200 images
// (bench/lib/docs-repository.mjs) committed with the git CLI to a bare repository served by
// Debian's `git http-backend` (scripts/lib/git-http-backend.mjs, as the Worker's outbound
// service): the first import (importGitRepository, polled through getSpaceGitInfo), the first
// export (it writes GitBook's layout), an export with nothing changed (no commit may follow),
// and an export after one page changed through the
// API (the commit must change only that file), with seconds and the workerd process's peak
// resident memory each way. The Worker, built as wrangler ships it, runs in Miniflare with the
// real local queue.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { httpBackend } from "../scripts/lib/git-http-backend.mjs";
import { expectStatus, startAreaBench, until, verdict } from "./lib/area-bench.mjs";
import { docsRepository } from "./lib/docs-repository.mjs";
import { measured } from "./lib/workerd-memory.mjs";

const PAGES = Number(process.env.BENCH_GIT_PAGES) || 1000;
const IMAGES = Number(process.env.BENCH_GIT_IMAGES) || 200;
const HOST = "git.bench.example";
const root = mkdtempSync(join(tmpdir(), "quire-bench-git-"));
const env = {
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: root,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Bench",
  GIT_AUTHOR_EMAIL: "bench@example.com",
  GIT_COMMITTER_NAME: "Bench",
  GIT_COMMITTER_EMAIL: "bench@example.com",
};

function git(args, cwd) {
  const out = spawnSync("git", args, { cwd, env, encoding: "utf8", maxBuffer: 64 << 20 });
  if (out.status !== 0) throw new Error(`git ${args.join(" ")}: ${out.stderr}`);
  return out.stdout;
}

/** The bare repository `docs.git` holding the generated files in one commit; answers its groups. */
function makeRepository() {
  const work = join(root, "work");
  git(["init", "-q", "-b", "main", work]);
  const { files, groups } = docsRepository(PAGES, IMAGES);
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), bytes);
  }
  git(["add", "-A"], work);
  git(["commit", "-q", "-m", "Generated docs"], work);
  git(["clone", "-q", "--bare", work, join(root, "docs.git")]);
  git(["config", "http.receivepack", "true"], join(root, "docs.git"));
  return groups;
}

/** The Worker's outbound service: the Git host, nothing else. */
async function outboundService(request) {
  const url = new URL(request.url);
  if (url.hostname !== HOST) return new Response(`no host ${url.hostname}`, { status: 502 });
  const body = ["GET", "HEAD"].includes(request.method)
    ? null
    : new Uint8Array(await request.arrayBuffer());
  const answer = await httpBackend(
    root,
    {
      method: request.method,
      pathInfo: decodeURIComponent(url.pathname),
      query: url.search.replace(/^\?/, ""),
      contentType: request.headers.get("content-type"),
      gitProtocol: request.headers.get("git-protocol"),
      body,
    },
    env,
  );
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

const groups = makeRepository();
const head = () => git(["rev-parse", "main"], join(root, "docs.git")).trim();
const bench = await startAreaBench("bench:git", {
  extraBindings: { OUTBOUND_DNS_CHECK: "off", GIT_SYNC_TIMEOUT_MS: "600000" },
  outboundService,
});
const { say, api, seeded } = bench;
const url = `https://${HOST}/docs.git`;

/** Runs one operation and waits for its end; answers git/info's operation. */
async function sync(space, direction, body) {
  expectStatus(await api("POST", `/spaces/${space}/git/${direction}`, body), 204, direction);
  const done = await until(
    async () => {
      const info = (await api("GET", `/spaces/${space}/git/info`)).json;
      return info.operation && info.operation.state !== "running" ? info.operation : null;
    },
    { timeoutMs: 900_000, ms: 200, what: direction },
  );
  if (done.state !== "success") throw new Error(`${direction} failed: ${done.error}`);
  return done;
}

try {
  say(`repository: ${PAGES} pages, ${IMAGES} images at ${head().slice(0, 7)}`);
  const space = expectStatus(
    await api("POST", `/orgs/${seeded.org}/spaces`, { title: "Bench Git Sync" }),
    201,
    "space",
  ).json.id;
  const first = head();
  const imported = await measured(() => sync(space, "import", { url, ref: "refs/heads/main" }));
  const pages = (await api("GET", `/spaces/${space}/content`)).json.pages;
  say(`imported in ${imported.seconds.toFixed(1)} s`);
  // The generated tree is not GitBook's layout (a group's pages live in its folder): the first
  // export normalizes it, in one commit; the next one, with nothing changed, makes none.
  const normalized = await measured(() =>
    sync(space, "export", { url, ref: "main", commitMessage: "Normalize" }),
  );
  const moved = git(["diff", "--name-only", first, "main"], join(root, "docs.git")).trim();
  const second = head();
  const same = await measured(() =>
    sync(space, "export", { url, ref: "main", commitMessage: "Nothing changed" }),
  );
  const unchanged = head() === second;
  // One page changed through the API, merged, then exported.
  const page = pages[1].pages[1];
  const cr = expectStatus(
    await api("POST", `/spaces/${space}/change-requests`, { subject: "One page" }),
    201,
    "change request",
  ).json.id;
  const edit = [{ operation: "update_page", page: page.id, document: { markdown: "Changed." } }];
  expectStatus(
    await api("POST", `/spaces/${space}/change-requests/${cr}/content`, { changes: edit }),
    200,
    "edit",
  );
  expectStatus(await api("POST", `/spaces/${space}/change-requests/${cr}/merge`), 200, "merge");
  const one = await measured(() =>
    sync(space, "export", { url, ref: "main", commitMessage: "One page" }),
  );
  const changed = git(["show", "--name-only", "--format=", "main"], join(root, "docs.git"))
    .trim()
    .split("\n");
  console.log(`machine: ${JSON.stringify(bench.machine)}`);
  const line = (what, m) =>
    `${what}: ${m.seconds.toFixed(2)} s; workerd RSS ${m.baseMb.toFixed(0)} → peak ${m.peakMb.toFixed(0)} MiB`;
  console.log(line(`import (${PAGES} pages, ${IMAGES} images)`, imported));
  console.log(
    line(`first export (layout normalized: ${moved.split("\n").length} files)`, normalized),
  );
  console.log(line("export, nothing changed", same));
  console.log(line("export, one page changed", one));
  console.log(
    verdict(pages.length > 0 && groups > 0, `imported ${pages.length} top-level entries`),
  );
  console.log(verdict(unchanged, "an export with nothing changed makes no commit"));
  console.log(
    verdict(changed.length === 1, `the one-page export changes one file (${changed.join(", ")})`),
  );
  if (!unchanged || changed.length !== 1) process.exitCode = 1;
} finally {
  await bench.dispose();
  rmSync(root, { recursive: true, force: true });
}
