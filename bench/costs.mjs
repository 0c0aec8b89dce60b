// What the parts of a local read cost: workerd CPU per request of small Workers that each add
// one thing to the last (a D1 round trip, a D1 session, more statements in the batch, a long
// result column name, a 50-item JSON answer, the framework). It explains the one-round-trip
// ceiling and what a read can reach against it (docs/performance.md "What a local read costs").
// Usage: npm run bench:costs   (BENCH_DURATION=3 s per round, 3 rounds, median)
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { loadTest } from "./lib/measure.mjs";
import { withCpu, workerdPids } from "./lib/reader-measure.mjs";
import { readWranglerConfig } from "./lib/build.mjs";

const POINT = `SELECT id, user_id FROM api_tokens WHERE digest = ?`;
const ANSWER = `return Response.json(r.results ?? r[0].results);`;
/** A 50-item list answer shaped like the organization's spaces list (≈ 40 KB of JSON). */
const LIST = `const items = Array.from({ length: 50 }, (_, i) => ({ object: "space", id: "space" + i,
  title: "Listed space " + i, emoji: "", visibility: "private", createdAt: "2026-10-29T18:29:09.729Z",
  updatedAt: "2026-10-29T18:29:09.729Z", editMode: "live", mergeRules: { type: "inherit" },
  urls: { location: "http://127.0.0.1:8787/v1/spaces/space" + i, app: "http://127.0.0.1:8787/s/space" + i },
  organization: "organization00000001", revision: "revision000000000001", defaultLevel: "inherit",
  comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0,
  permissions: { view: true, access: true, admin: false, viewInviteLinks: false, edit: true,
    triggerGitSync: true, comment: true, merge: true, review: true, installIntegration: false } }));
return Response.json({ count: 2005, items });`;
const longName = `(SELECT id FROM api_tokens WHERE digest = ? AND '${"x".repeat(5000)}' <> '')`;

/** Each variant: what it adds, and its fetch body (`env.DB` bound to a one-table database). */
const VARIANTS = [
  [
    "constant",
    "constant JSON, no bindings (the runtime ceiling)",
    `return Response.json({ ok: true });`,
  ],
  ["list-json", "a 50-item list's JSON (no D1)", LIST],
  [
    "point-read",
    "one D1 point read (the one-round-trip ceiling's shape)",
    `const r = await env.DB.prepare("${POINT}").bind("d1").all(); ${ANSWER}`,
  ],
  [
    "session",
    "the same read on a D1 session (read-your-writes bookmarks)",
    `const r = await env.DB.withSession("first-unconstrained").prepare("${POINT}").bind("d1").all(); ${ANSWER}`,
  ],
  [
    "batch-5",
    "five point reads in one batch",
    `const s = env.DB.prepare("${POINT}"); const r = await env.DB.batch([1, 2, 3, 4, 5].map(() => s.bind("d1"))); ${ANSWER}`,
  ],
  [
    "long-name",
    "one read whose result column is named by 5 KB of SQL",
    `const r = await env.DB.prepare(${JSON.stringify(`SELECT ${longName} FROM (SELECT 1)`)}).bind("d1").all(); return Response.json({ n: r.results.length });`,
  ],
  [
    "rate-limit",
    "one point read after a rate-limit binding call",
    `await env.RL.limit({ key: "k" }); const r = await env.DB.prepare("${POINT}").bind("d1").all(); ${ANSWER}`,
  ],
];

const config = await readWranglerConfig();
const dir = await mkdtemp(join(tmpdir(), "quire-costs-"));
const floor = await build({
  entryPoints: [new URL("./lib/framework-floor.mjs", import.meta.url).pathname],
  bundle: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  write: false,
});
const common = {
  modules: true,
  compatibilityDate: config.compatibilityDate,
  compatibilityFlags: config.compatibilityFlags,
  unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
};
const mf = new Miniflare({
  d1Persist: join(dir, "d1"),
  workers: [
    ...VARIANTS.map(([name, , body]) => ({
      ...common,
      name,
      d1Databases: { DB: "costs" },
      ratelimits: { RL: { simple: { limit: 100_000_000, period: 60 } } },
      script: `export default { async fetch(request, env) { ${body} } };`,
    })),
    { ...common, name: "framework", script: floor.outputFiles[0].text },
  ],
});
try {
  await mf.ready;
  const db = await mf.getD1Database("DB", "point-read");
  await db.exec("CREATE TABLE api_tokens (id TEXT PRIMARY KEY, user_id TEXT, digest TEXT UNIQUE)");
  for (let i = 0; i < 50; i++) {
    await db
      .prepare("INSERT INTO api_tokens VALUES (?, ?, ?)")
      .bind(`t${i}`, `u${i}`, `d${i}`)
      .run();
  }
  const pids = await workerdPids();
  const rows = [
    ...VARIANTS.map(([name, what]) => [name, what]),
    ["framework", "Hono + zod-openapi app, no D1 (bench/lib/framework-floor.mjs)"],
  ];
  console.log("| Worker | µs of workerd CPU per request |\n| --- | ---: |");
  for (const [name, what] of rows) {
    const url = `${(await mf.unsafeGetDirectURL(name)).href}v1/spaces/space1`;
    for (let i = 0; i < 50; i++) await (await fetch(url)).arrayBuffer();
    const runs = [];
    for (let round = 0; round < 3; round++)
      runs.push((await withCpu(pids, () => loadTest(url, {}))).cpuMsPerRequest);
    const median = runs.sort((a, b) => a - b)[1];
    console.log(`| ${name}: ${what} | ${Math.round(median * 1000)} |`);
  }
} finally {
  await mf.dispose();
  await rm(dir, { recursive: true, force: true });
}
