#!/usr/bin/env node
// `npm run probe`: replays the reproductions of the security review (issue 11) against a running
// server (`npm run dev` in another terminal) and prints what each one gets now. Exits 1 when any
// answer is a 5xx, lacks the error shape, or differs from the expected status.
// The server: QUIRE_API (a /v1 base URL), else http://localhost:<port>/v1 with the port
// `npm run dev` uses (`--port N`, QUIRE_PORT, else the one the running `npm run dev` recorded,
// else 8787). The caller: QUIRE_TOKEN, else the demo token that `npm run dev` keeps in
// .wrangler/quire-demo-token (beside QUIRE_STATE_DIR when that is set).
import { execFileSync } from "node:child_process";
import { readSavedSecret } from "./lib/demo.mjs";
import { clientPort } from "./lib/dev-env.mjs";
import { ROOT } from "./lib/wrangler.mjs";

const API = process.env.QUIRE_API ?? `http://localhost:${clientPort(process.argv.slice(2))}/v1`;
const TOKEN = process.env.QUIRE_TOKEN ?? readSavedSecret();
if (!TOKEN) throw new Error("no demo token: run `npm run dev` first, or set QUIRE_TOKEN");
const UNKNOWN = `quire_${"Z".repeat(43)}`;
const results = [];

/** One request; returns status, headers, parsed JSON (if any) and the time it took. */
async function send(method, path, { token = TOKEN, body, raw, headers = {} } = {}) {
  const init = { method, headers: { ...headers } };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers["Content-Type"] = "application/json";
  } else if (raw !== undefined) {
    init.body = raw;
    init.headers["Content-Type"] ??= "application/json";
  }
  const started = performance.now();
  const res = await fetch(path.startsWith("http") ? path : `${API}${path}`, init);
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, ms: performance.now() - started };
}

/** Records one check: the expected statuses, and the error shape on every 4xx. */
function expectStatus(label, res, expected) {
  const allowed = Array.isArray(expected) ? expected : [expected];
  let ok = allowed.includes(res.status);
  if (res.status >= 400 && res.json !== undefined) {
    ok &&= res.json?.error?.code === res.status && typeof res.json.error.message === "string";
  }
  if (res.status >= 500) ok = false;
  const message = res.json?.error?.message ?? "";
  results.push({ label, status: res.status, ok, note: message.slice(0, 70) });
}

/** Mints a token with the caller's token; returns its secret and id. */
async function mint(body) {
  const res = await send("POST", "/user/tokens", { body: { label: "probe", ...body } });
  if (res.status !== 201) throw new Error(`cannot mint a probe token: ${res.status}`);
  return res.json;
}

// The outsider first: the operator command line takes seconds, and an idle kept-alive socket
// may be closed by the server meanwhile.
const outsider = await outsiderToken();
const orgs = await send("GET", "/orgs");
if (orgs.status !== 200) throw new Error(`GET /orgs answered ${orgs.status}: is the server up?`);
const org = orgs.json.items[0].id;
const space = (await send("POST", `/orgs/${org}/spaces`, { body: { title: "Probe space" } })).json;
const cr = (await send("POST", `/spaces/${space.id}/change-requests`, { body: { subject: "p" } }))
  .json;
const content = `/spaces/${space.id}/change-requests/${cr.id}/content`;

// 1. Token routes and scopes.
const orgRead = await mint({ scopes: ["organization:read"] });
const victim = await mint({});
expectStatus(
  "1 list tokens with organization:read",
  await send("GET", "/user/tokens", { token: orgRead.token }),
  403,
);
expectStatus(
  "1 revoke with organization:read",
  await send("DELETE", `/user/tokens/${victim.id}`, { token: orgRead.token }),
  403,
);

// 2. A token cannot outlive or out-scope its parent.
const shortLived = await mint({
  expiresAt: new Date(Date.now() + 20_000).toISOString(),
  scopes: ["user:write", "space:read"],
});
const child = await send("POST", "/user/tokens", {
  token: shortLived.token,
  body: { label: "c", scopes: ["space:read"] },
});
results.push({
  label: "2 child inherits the parent's expiry",
  status: child.status,
  ok: child.status === 201 && child.json.expiresAt === shortLived.expiresAt,
  note: String(child.json?.expiresAt),
});
expectStatus(
  "2 child expiring later than its parent",
  await send("POST", "/user/tokens", {
    token: shortLived.token,
    body: { label: "c", scopes: ["space:read"], expiresAt: "2099-01-01T00:00:00Z" },
  }),
  400,
);
expectStatus(
  "2 child with a scope the parent lacks",
  await send("POST", "/user/tokens", {
    token: shortLived.token,
    body: { label: "c", scopes: ["site:read"] },
  }),
  403,
);

// 3. Join tells an outsider nothing.
expectStatus(
  "3 join by an outsider",
  await send("POST", `/orgs/${org}/join`, { token: outsider }),
  404,
);

// 4. Token before body.
expectStatus(
  "4 unknown token, body '{'",
  await send("POST", "/user/tokens", { token: UNKNOWN, raw: "{" }),
  401,
);
expectStatus(
  "4 unknown token, 20 MiB body",
  await send("POST", content, {
    token: UNKNOWN,
    raw: `{"changes":"${"x".repeat(20 * 1024 * 1024)}"}`,
  }),
  401,
);

// 5. Media types and file names.
const file = (name, contentType) => ({
  changes: [{ operation: "insert_files", files: [{ name, contentType, base64: "aGk=" }] }],
});
expectStatus(
  "5 contentType with CR/LF",
  await send("POST", content, { body: file("a.txt", "text/plain\r\nX-Evil: 1") }),
  400,
);
expectStatus(
  "5 file name with NUL",
  await send("POST", content, { body: file("a\u0000.txt", "text/plain") }),
  400,
);

// 6. Pathological markdown, and responsiveness while 10 × 1 MB are sent at once.
const page = (markdown) => ({
  changes: [{ operation: "insert_page", title: "P", document: { markdown } }],
});
expectStatus(
  "6 '> ' x 10,000",
  await send("POST", content, { body: page(`${"> ".repeat(10_000)}x`) }),
  400,
);
const brackets = await send("POST", content, {
  body: page(`${"[".repeat(50_000)}x${"]".repeat(50_000)}`),
});
expectStatus(`6 brackets 100 KB (${brackets.ms.toFixed(0)} ms)`, brackets, [200, 400]);
const comment = await send("POST", `/spaces/${space.id}/comments`, {
  body: { body: { markdown: `${"> ".repeat(20_000)}x` } },
});
expectStatus("6 comment '> ' x 20,000", comment, 400);
const megabyte = page("- a\n".repeat(240_000)); // the slowest case of the bench, 960 KB
const flood = Promise.all(
  Array.from({ length: 10 }, () => send("POST", content, { body: megabyte })),
);
await new Promise((r) => setTimeout(r, 200));
const during = await send("GET", "/user");
const floodResults = await flood;
results.push({
  label: `6 GET /user during 10 x 1 MB (${during.ms.toFixed(0)} ms)`,
  status: during.status,
  ok: during.status === 200 && during.ms < 5_000,
  note: `flood: ${[...new Set(floodResults.map((r) => r.status))].join(",")}, slowest ${Math.max(...floodResults.map((r) => r.ms)).toFixed(0)} ms`,
});

// 7. Download URLs die with their space.
const upload = await send("POST", `${content}?compat=false`, { body: file("a.txt", "text/plain") });
const url = upload.json?.insertedFiles?.[0]?.downloadURL ?? upload.json?.files?.[0]?.downloadURL;
if (url) {
  await send("DELETE", `/spaces/${space.id}`);
  expectStatus(
    "7 download after the space is deleted",
    await send("GET", url, { token: null }),
    404,
  );
} else
  results.push({
    label: "7 download URL",
    status: upload.status,
    ok: false,
    note: "no downloadURL in the answer",
  });

// 8. Basename.
const sites = await send("GET", `/orgs/${org}/sites`);
const site =
  sites.json?.items?.[0] ??
  (await send("POST", `/orgs/${org}/sites`, { body: { title: "Probe site" } })).json;
expectStatus(
  "8 basename '../..'",
  await send("PATCH", `/orgs/${org}/sites/${site.id}`, { body: { basename: "../.." } }),
  400,
);

// 9. Headers, CORS, idempotency, rate limits.
const preflight = await send("OPTIONS", "/user", {
  token: null,
  headers: { Origin: "https://app.example", "Access-Control-Request-Method": "GET" },
});
expectStatus("9 CORS preflight without a token", preflight, 204);
const unauth = await send("GET", "/user", { token: UNKNOWN });
results.push({
  label: "9 401 has WWW-Authenticate",
  status: unauth.status,
  ok: unauth.status === 401 && /^Bearer/.test(unauth.headers.get("www-authenticate") ?? ""),
  note: unauth.headers.get("www-authenticate") ?? "none",
});
const me = await send("GET", "/user");
results.push({
  label: "9 nosniff, no-store, X-RateLimit-*",
  status: me.status,
  ok:
    me.headers.get("x-content-type-options") === "nosniff" &&
    /no-store/.test(me.headers.get("cache-control") ?? "") &&
    me.headers.has("x-ratelimit-limit"),
  note: `remaining ${me.headers.get("x-ratelimit-remaining")}`,
});
const key = `probe-${Date.now()}`;
const collection = { title: "Probe collection" };
const first = await send("POST", `/orgs/${org}/collections`, {
  body: collection,
  headers: { "Idempotency-Key": key },
});
const again = await send("POST", `/orgs/${org}/collections`, {
  body: collection,
  headers: { "Idempotency-Key": key },
});
results.push({
  label: "9 Idempotency-Key replay",
  status: again.status,
  ok:
    first.status === 201 &&
    again.status === 201 &&
    again.json?.id === first.json?.id &&
    again.headers.get("idempotent-replayed") === "true",
  note: `${first.json?.id} / ${again.json?.id}`,
});
expectStatus(
  "9 Idempotency-Key, other body",
  await send("POST", `/orgs/${org}/collections`, {
    body: { title: "Other" },
    headers: { "Idempotency-Key": key },
  }),
  422,
);

/**
 * A valid token of a user outside every organization: QUIRE_OUTSIDER_TOKEN, or a new user made
 * with the operator command line on the local database.
 */
async function outsiderToken() {
  if (process.env.QUIRE_OUTSIDER_TOKEN) return process.env.QUIRE_OUTSIDER_TOKEN;
  const email = `outsider-${Date.now()}@probe.example`;
  const admin = (...args) =>
    JSON.parse(
      execFileSync("node", ["scripts/admin.mjs", "--json", ...args], {
        cwd: ROOT,
        encoding: "utf8",
      }),
    );
  admin("user", "create", "--email", email, "--name", "Outsider");
  return admin("token", "issue", "--email", email, "--label", "probe").secret;
}

const width = Math.max(...results.map((r) => r.label.length));
for (const r of results) {
  console.log(
    `${r.ok ? "ok  " : "FAIL"} ${r.label.padEnd(width)} ${String(r.status).padStart(3)}  ${r.note}`,
  );
}
const failed = results.filter((r) => !r.ok).length;
console.log(
  failed
    ? `\n${failed} of ${results.length} checks failed`
    : `\nall ${results.length} checks passed`,
);
process.exit(failed ? 1 : 0);
