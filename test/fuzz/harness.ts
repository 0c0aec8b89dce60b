import { env } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { call, type ApiResponse } from "../helpers/api";
import { requestArbitrary, type FuzzRequest, type Operation } from "./request";
import { SchemaArbitraries, type JsonSchema } from "./schema-arb";
import { buildWorld, GATED_SECRET, type FuzzWorld } from "./world";

const vars = env as unknown as Record<string, string | undefined>;
/** `npm run fuzz` sets FUZZ_RUNS (and maybe FUZZ_SEED); `npm test` runs the fixed-seed CI size. */
const LONG = Boolean(vars.FUZZ_RUNS);
const RUNS = Number(vars.FUZZ_RUNS || 30);
const SEED = vars.FUZZ_SEED ? Number(vars.FUZZ_SEED) : LONG ? Date.now() % 2 ** 31 : 11;
/**
 * A known contract gap, reported and not fixed here: stored Documents (change-request
 * descriptions, agent instructions) accept any block `type` and are echoed as sent, while the
 * official JSONDocument allows only its own block types. A 2xx whose first contract error is
 * inside a Document's `nodes` is counted as "known" instead of failing the run.
 */
const KNOWN_DOCUMENT_GAP =
  /^Contract: \S+ \S+ 2\d\d does not match the official schema: \[\{"instancePath":"[^"]*\/nodes\//;
const STACK = /\n\s+at \S|\bat [\w$.<>]+ \([^)]*:\d+:\d+\)|\.ts:\d+:\d+|node_modules\//;

interface Stats {
  cases: number;
  /** Counts by status; "known" for the known Document contract gap, -1 for a failed call. */
  statuses: Record<string, number>;
  failures: string[];
}

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation["parameters"];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

/**
 * DELETEs, transfers and merges last, so earlier operations still find the real data; deeper
 * DELETEs before shallower ones (a site's sections before the site).
 */
function rank(op: Operation): number {
  if (op.method === "DELETE") return 10 - op.path.split("/").length / 100;
  if (/\/(transfer|merge|restore|duplicate)$/.test(op.path)) return 2;
  return op.method === "GET" ? 0 : 1;
}

/** The operations of the served document (a static copy from the app, read once per file). */
async function operations(): Promise<{ ops: Operation[]; arbs: SchemaArbitraries }> {
  const doc = (await call<Doc>("GET", "/openapi.json")).body;
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content["application/json"]?.schema,
      });
    }
  }
  return { ops, arbs: new SchemaArbitraries(doc.components?.schemas ?? {}) };
}

function describeRequest(op: Operation, req: FuzzRequest): string {
  const q = new URLSearchParams();
  for (const [k, vs] of Object.entries(req.query)) for (const v of vs) q.append(k, v);
  const url = `${req.path}${q.size > 0 ? `?${q}` : ""}`;
  return `${op.method} ${url.slice(0, 600)} auth=${req.auth} headers=${JSON.stringify(req.headers)} body=${(req.body ?? "").slice(0, 800)}`;
}

/** The operations with a body a site token may call: resolution, site search, insights events. */
const SITE_READER_CALLS =
  /^POST (\/v1)?\/(urls\/published|orgs\/\{organizationId\}\/sites\/\{siteId\}\/(search|insights\/events))$/;

/**
 * Public sign-in ceremony starts: any caller may begin one (the `Authorization` header is
 * ignored); what they write is a short-lived challenge bound to the caller's own cookie.
 */
const CEREMONY_STARTS = /^POST (\/v1)?\/sessions\/(passkey\/options|oidc\/start)$/;

/** The bearer token of a generated request's caller (none for the unauthenticated kinds). */
function tokenOf(world: FuzzWorld, auth: FuzzRequest["auth"]): string | null {
  if (auth === "owner") return world.token;
  if (auth === "site") return world.siteToken;
  if (auth === "preview") return world.previewToken;
  return null;
}

/** Sends one generated request; every answer must be a non-5xx, error-shaped, trace-free one. */
async function send(world: FuzzWorld, op: Operation, req: FuzzRequest) {
  const headers = { ...req.headers };
  if (req.auth === "session") Object.assign(headers, world.session);
  if (req.auth === "session-no-csrf") {
    const { "X-Quire-CSRF": _, ...cookieOnly } = world.session;
    Object.assign(headers, cookieOnly);
  }
  if (req.auth === "malformed") headers.Authorization = "Bearer nope";
  if (req.auth === "unknown") headers.Authorization = `Bearer quire_${"A".repeat(43)}`;
  let res: ApiResponse;
  try {
    res = await call(op.method, req.path, {
      token: tokenOf(world, req.auth),
      query: req.query,
      headers,
      rawBody: req.body,
    });
  } catch (e) {
    const message = (e as Error).message;
    if (KNOWN_DOCUMENT_GAP.test(message)) return { status: "known", problem: null };
    return { status: -1, problem: `call failed: ${message.slice(0, 1500)}` };
  }
  const answer = `→ ${res.status} ${res.text.slice(0, 800)}`;
  if (res.status >= 500) return { status: res.status, problem: `5xx ${answer}` };
  // A preview token reads the change request it previews, and no other (issue 34, finding 2).
  const crId = /\/change-requests\/([^/?]+)/.exec(req.path)?.[1];
  if (req.auth === "preview" && res.status < 300 && crId && crId !== world.previewed) {
    return { status: res.status, problem: `a preview token read another change request ${answer}` };
  }
  // An anonymous visitor's site token reads nothing of a page its claims hide (finding 6).
  if (
    req.auth === "site" &&
    res.status < 300 &&
    (res.text.includes(GATED_SECRET) || world.gated.some((id) => res.text.includes(id)))
  ) {
    return { status: res.status, problem: `a site token read a gated page ${answer}` };
  }
  // A site token reads; the only calls with a body it makes are the readers' own operations.
  if (
    (req.auth === "site" || req.auth === "preview") &&
    res.status < 300 &&
    !SITE_READER_CALLS.test(`${op.method} ${op.path}`) &&
    !CEREMONY_STARTS.test(`${op.method} ${op.path}`)
  ) {
    if (op.method !== "GET" && op.method !== "HEAD") {
      return { status: res.status, problem: `a site token wrote ${answer}` };
    }
  }
  // A session's state-changing request without the CSRF header is refused (core/sessions/csrf.ts).
  const unsafe = op.method !== "GET" && op.method !== "HEAD" && op.method !== "OPTIONS";
  if (req.auth === "session-no-csrf" && unsafe && res.status < 300) {
    return { status: res.status, problem: `a session wrote without the CSRF header ${answer}` };
  }
  if (STACK.test(res.text)) return { status: res.status, problem: `stack trace ${answer}` };
  if (res.status >= 400) {
    const err = (res.body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    if (err?.code !== res.status || typeof err.message !== "string") {
      return { status: res.status, problem: `not the error shape ${answer}` };
    }
  }
  return { status: res.status, problem: null };
}

/** A stable per-operation seed, so one operation's cases do not depend on the others'. */
function seedOf(op: Operation): number {
  let h = SEED;
  for (const ch of `${op.method} ${op.path}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/**
 * Declares the fuzz tests of one shard: every `shards`-th operation of the served document
 * from `shard`, each run `RUNS` times against a world of real data made for this file.
 */
export async function fuzzShard(shard: number, shards: number) {
  const read = await operations();
  const arbs = read.arbs;
  const mine = read.ops.filter((_, i) => i % shards === shard).sort((a, b) => rank(a) - rank(b));
  const all = mine.map((op) => ({ op, stats: { cases: 0, statuses: {}, failures: [] } as Stats }));
  let world: FuzzWorld;
  beforeAll(async () => {
    world = await buildWorld();
  }, 60_000);

  afterAll(() => {
    const lines = all.map(({ op, stats }) => {
      const st = Object.entries(stats.statuses)
        .map(([s, n]) => `${s}:${n}`)
        .join(" ");
      return `${op.method.padEnd(6)} ${op.path.padEnd(100)} cases=${stats.cases} ${st} failures=${stats.failures.length}`;
    });
    const total = all.reduce((n, e) => n + e.stats.cases, 0);
    const limited = all.reduce((n, e) => n + (e.stats.statuses[429] ?? 0), 0);
    const failed = all.reduce((n, e) => n + e.stats.failures.length, 0);
    const head = `fuzz shard ${shard + 1}/${shards}: seed=${SEED} runs=${RUNS} operations=${all.length} cases=${total} 429s=${limited} failures=${failed}`;
    console.log(LONG ? [head, ...lines].join("\n") : head);
  });

  describe(`fuzz shard ${shard + 1}/${shards} (seed ${SEED}, ${RUNS} runs)`, () => {
    for (const { op, stats } of all) {
      it(`${op.method} ${op.path}`, async () => {
        const property = fc.asyncProperty(requestArbitrary(op, world, arbs), async (req) => {
          const { status, problem } = await send(world, op, req);
          stats.cases += 1;
          stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
          if (!problem) return;
          const text = `${op.method} ${op.path}: ${problem}\n  request: ${describeRequest(op, req)}`;
          stats.failures.push(text);
          if (!LONG) throw new Error(text);
        });
        // CI stops at the first counterexample (no shrinking: each case is a request); the long
        // run records every failure and reports them together.
        const result = await fc.check(property, {
          numRuns: RUNS,
          seed: seedOf(op),
          endOnFailure: true,
        });
        if (result.failed) throw new Error(`seed ${SEED}: ${fc.defaultReportMessage(result)}`);
        if (stats.failures.length > 0) {
          throw new Error(`seed ${SEED}\n${stats.failures.slice(0, 5).join("\n\n")}`);
        }
      }, 600_000);
    }
  });
}
