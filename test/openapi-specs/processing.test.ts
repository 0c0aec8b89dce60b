import { describe, expect, it, vi, beforeAll } from "vitest";
import { as, call, d1Cost, warmToken } from "../helpers/api";
import { createCr, postContent, postMerge } from "../helpers/change-requests-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { makeOrg, testDb } from "../helpers/factories";
import { openApiSource } from "../helpers/openapi-pages-fixtures";
import {
  gitbookSpecText,
  makeSpec,
  smallSpecText,
  waitProcessed,
} from "../helpers/openapi-factories";
import { buildSpec } from "../../src/openapi-specs/build";
import { parseSpecText } from "../../src/openapi-specs/parse";
import { inlineExternalRefs, type RefLimits } from "../../src/openapi-specs/refs";
import { SpecProcessError } from "../../src/openapi-specs/types";
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { eq } from "drizzle-orm";
import worker from "../../src/index";
import { openapiSpecs } from "../../src/db/schema";
import { createOutbound } from "../../src/outbound";
import { processSpec, recordProcessingFailure } from "../../src/services/openapi-specs/process";
import { callWith } from "../helpers/faults";
import { eventually } from "../helpers/jobs";
import { emptyStorage } from "../helpers/storage";

describe("processing", () => {
  describe("API spec processing", () => {
    it("publishes GitBook's own spec as text: complete, versions, raw, public read, a page", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      const text = gitbookSpecText();
      const created = await makeSpec(owner.token, org.id, "gitbook-api", text);
      expect(created.processingState).toBe("pending");
      const spec = await waitProcessed(owner.token, org.id, "gitbook-api", undefined, 30_000);
      expect(spec.lastProcessErrorCode).toBeUndefined();
      expect(spec.lastVersion).toBeDefined();

      const versions = await api.get(`/orgs/${org.id}/openapi/gitbook-api/versions`);
      expect(versions.status).toBe(200);
      expect(versions.body.count).toBe(1);
      expect(versions.body.items[0].id).toBe(spec.lastVersion);
      const latest = await api.get(`/orgs/${org.id}/openapi/gitbook-api/versions/latest`);
      expect(latest.body.id).toBe(spec.lastVersion);

      const raw = await api.get(`/orgs/${org.id}/openapi/gitbook-api/versions/latest/content/raw`);
      expect(raw.status).toBe(200);
      expect(raw.body.format).toBe("json");
      expect(raw.body.text).toBe(text);

      const content = await api.get(`/orgs/${org.id}/openapi/gitbook-api/versions/latest/content`);
      expect(content.status).toBe(200);
      const doc = content.body.filesystem["openapi.json"];
      expect(doc.openapi).toBe(JSON.parse(text).openapi);
      expect(content.body.urls.public).toBeNull();

      // Private: the published URL answers exactly like an unknown slug.
      const privateRead = await call("GET", `/public/openapi/${org.id}/gitbook-api`);
      const unknown = await call("GET", `/public/openapi/${org.id}/nope`);
      expect(privateRead.status).toBe(404);
      expect(privateRead.text).toBe(unknown.text);

      const made = await api.patch(`/orgs/${org.id}/openapi/gitbook-api`, { visibility: "public" });
      expect(made.status).toBe(200);
      expect(made.body.urls.published).toBe(
        `https://quire.test/v1/public/openapi/${org.id}/gitbook-api`,
      );
      const publicRead = await call("GET", `/public/openapi/${org.id}/gitbook-api`);
      expect(publicRead.status).toBe(200);
      expect(publicRead.headers.get("content-type")).toContain("application/json");
      expect(publicRead.text).toBe(text);

      // A computed operations page of a space renders from the spec's latest version.
      const space = await makeContentSpace(org.id, owner);
      const cr = await createCr(owner, space.id);
      const computed = openApiSource("gitbook-api", { doc: "operations", page: "spaces" });
      const page = { operation: "insert_page", title: "Spaces", document: {}, computed };
      expect((await postContent(owner, space.id, cr.id, [page])).status).toBe(200);
      expect((await postMerge(owner, space.id, cr.id)).status).toBe(200);
      await warmToken(owner.token);
      const md = await api.get(`/spaces/${space.id}/content/path/spaces`, {
        query: { format: "markdown" },
      });
      expect(md.status, md.text).toBe(200);
      expect(md.body.markdown).toContain("`POST /spaces/{spaceId}/duplicate`");
      expect(d1Cost(md).roundTrips).toBeLessThanOrEqual(2);
    }, 90_000);

    it("makes no new version for an unchanged source, and one when it changes", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      await makeSpec(owner.token, org.id, "tiny");
      const first = await waitProcessed(owner.token, org.id, "tiny");
      await api.put(`/orgs/${org.id}/openapi/tiny`, { source: { text: smallSpecText() } });
      const again = await waitProcessed(owner.token, org.id, "tiny", first.lastProcessedAt);
      expect(again.lastVersion).toBe(first.lastVersion);
      const put = await api.put(`/orgs/${org.id}/openapi/tiny`, {
        source: { text: smallSpecText("2.0.0") },
      });
      expect(put.status).toBe(200);
      const changed = await waitProcessed(owner.token, org.id, "tiny", again.lastProcessedAt);
      expect(changed.lastVersion).not.toBe(first.lastVersion);
      const versions = await api.get(`/orgs/${org.id}/openapi/tiny/versions`);
      expect(versions.body.count).toBe(2);
      expect(versions.body.items.map((v: { id: string }) => v.id)).toEqual([
        changed.lastVersion,
        first.lastVersion,
      ]);
      const old = await api.get(
        `/orgs/${org.id}/openapi/tiny/versions/${first.lastVersion}/content`,
      );
      expect(old.body.filesystem["openapi.json"].info.version).toBe("1.0.0");
    });

    it("keeps the previous version live when a new source fails to parse", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      await makeSpec(owner.token, org.id, "keep");
      const good = await waitProcessed(owner.token, org.id, "keep");
      await api.put(`/orgs/${org.id}/openapi/keep`, {
        source: { text: '{"openapi": "3.0.0",\n  "info": }' },
      });
      const bad = await waitProcessed(owner.token, org.id, "keep", good.lastProcessedAt);
      expect(bad.lastProcessErrorCode).toBe("PARSE_ERROR");
      expect(bad.lastProcessedErrors[0].line).toBe(2);
      expect(bad.lastProcessedErrors[0].column).toBeGreaterThan(0);
      expect(bad.lastVersion).toBe(good.lastVersion);
      const latest = await api.get(`/orgs/${org.id}/openapi/keep/versions/latest/content/raw`);
      expect(latest.body.text).toBe(smallSpecText());
    });

    it("reports YAML syntax errors with line and column", async () => {
      const { org, owner } = await makeOrg();
      await makeSpec(
        owner.token,
        org.id,
        "yaml-bad",
        "openapi: 3.1.0\ninfo:\n  title: [unclosed\n",
      );
      const spec = await waitProcessed(owner.token, org.id, "yaml-bad");
      expect(spec.lastProcessErrorCode).toBe("PARSE_ERROR");
      expect(spec.lastProcessedErrors[0].line).toBeGreaterThan(0);
      expect(spec.lastProcessedErrors[0].column).toBeGreaterThan(0);
      expect(spec.lastVersion).toBeUndefined();
    });

    it("refuses a document that is not OpenAPI, naming what is missing", async () => {
      const { org, owner } = await makeOrg();
      await makeSpec(owner.token, org.id, "not-openapi", "title: hello\nitems: [1, 2]\n");
      const spec = await waitProcessed(owner.token, org.id, "not-openapi");
      expect(spec.lastProcessErrorCode).toBe("PARSE_ERROR");
      expect(spec.lastProcessedErrors[0].message).toMatch(/Not an OpenAPI document/);
      await makeSpec(
        owner.token,
        org.id,
        "no-info",
        JSON.stringify({ openapi: "3.0.1", paths: {} }),
      );
      const noInfo = await waitProcessed(owner.token, org.id, "no-info");
      expect(noInfo.lastProcessedErrors[0].message).toMatch(/^info: required/);
    });

    it("checks that internal references resolve", async () => {
      const { org, owner } = await makeOrg();
      const text = JSON.stringify({
        openapi: "3.1.0",
        info: { title: "x", version: "1" },
        paths: {},
        components: { schemas: { A: { $ref: "#/components/schemas/Missing" } } },
      });
      await makeSpec(owner.token, org.id, "dangling", text);
      const spec = await waitProcessed(owner.token, org.id, "dangling");
      expect(spec.lastProcessedErrors[0].message).toMatch(/does not resolve/);
    });
  });
});

describe("refs", () => {
  const BASE = "https://specs.example.com/";

  /** A loader over fixed documents by URL (JSON text); an unknown URL fails as a fetch would. */
  function loaderOf(docs: Record<string, unknown>) {
    const loaded: string[] = [];
    const load = async (url: string) => {
      loaded.push(url);
      const doc = docs[url];
      if (doc === undefined) {
        throw new SpecProcessError("FETCH_ERROR", [{ message: `${url} answered HTTP 404` }]);
      }
      return JSON.stringify(doc);
    };
    return { load, loaded };
  }

  /** A minimal OpenAPI 3.1 document whose one response schema is `schema`. */
  function specWith(schema: unknown) {
    return {
      openapi: "3.1.0",
      info: { title: "Refs", version: "1" },
      paths: {
        "/a": {
          get: {
            responses: {
              "200": { description: "OK", content: { "application/json": { schema } } },
            },
          },
        },
      },
    };
  }

  const LIMITS: RefLimits = {
    maxDocuments: 20,
    maxDepth: 16,
    maxExpansions: 2000,
    maxInlinedValues: 250_000,
  };

  /** The processing error a promise rejects with (fails the test when it resolves). */
  async function failure(promise: Promise<unknown>): Promise<SpecProcessError> {
    const error: unknown = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SpecProcessError);
    return error as SpecProcessError;
  }

  describe("external references", () => {
    it("are inlined relative to the source URL, each document fetched once", async () => {
      const { load, loaded } = loaderOf({
        [`${BASE}schemas.json`]: { Pet: { type: "object" }, Pets: { items: { $ref: "#/Pet" } } },
      });
      const doc = specWith({
        allOf: [{ $ref: "./schemas.json#/Pets" }, { $ref: "./schemas.json#/Pet" }],
      });
      const built = await buildSpec(JSON.stringify(doc), `${BASE}api.json`, load);
      const schema = (built.document as ReturnType<typeof specWith>).paths["/a"].get.responses[
        "200"
      ].content["application/json"].schema;
      expect(schema).toEqual({ allOf: [{ items: { type: "object" } }, { type: "object" }] });
      expect(loaded).toEqual([`${BASE}schemas.json`]);
    });

    it("end a spec that references itself in a loop with a PARSE_ERROR naming the chain", async () => {
      const self = {
        ...specWith({ $ref: `${BASE}self.json#/components/schemas/Node` }),
        components: {
          schemas: {
            Node: { type: "object", properties: { next: { $ref: "#/components/schemas/Node" } } },
          },
        },
      };
      const { load } = loaderOf({ [`${BASE}self.json`]: self });
      const error = await failure(buildSpec(JSON.stringify(self), `${BASE}self.json`, load));
      expect(error.code).toBe("PARSE_ERROR");
      expect(error.errors[0]!.message).toMatch(/^Circular \$ref: .*self\.json#\/components/);
    });

    it("stop at the depth limit", async () => {
      const docs: Record<string, unknown> = {};
      for (let i = 0; i < 30; i++)
        docs[`${BASE}d${i}.json`] = { X: { $ref: `./d${i + 1}.json#/X` } };
      const { load } = loaderOf(docs);
      const doc = specWith({ $ref: "./d0.json#/X" });
      const error = await failure(inlineExternalRefs(doc, `${BASE}api.json`, load, LIMITS));
      expect(error.errors[0]!.message).toMatch(/nest deeper than 16 levels/);
    });

    it("stop at the document count limit", async () => {
      const docs: Record<string, unknown> = {};
      for (let i = 0; i < 5; i++) docs[`${BASE}d${i}.json`] = { X: { type: "string" } };
      const { load, loaded } = loaderOf(docs);
      const doc = specWith({ anyOf: [0, 1, 2, 3, 4].map((i) => ({ $ref: `./d${i}.json#/X` })) });
      const limits = { ...LIMITS, maxDocuments: 3 };
      const error = await failure(inlineExternalRefs(doc, `${BASE}api.json`, load, limits));
      expect(error.errors[0]!.message).toMatch(/More than 3 external documents/);
      expect(loaded.length).toBe(3);
    });

    it("stop at the expansion limit and at the inlined size limit", async () => {
      const big = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, { n: i }]));
      const { load } = loaderOf({ [`${BASE}big.json`]: { Big: { properties: big } } });
      const refs = (n: number) => specWith({ anyOf: Array(n).fill({ $ref: "./big.json#/Big" }) });
      const many = await failure(
        inlineExternalRefs(refs(6), `${BASE}api.json`, load, { ...LIMITS, maxExpansions: 5 }),
      );
      expect(many.errors[0]!.message).toMatch(/More than 5 external references/);
      const limits = { ...LIMITS, maxInlinedValues: 1000 };
      const ok = await inlineExternalRefs(refs(2), `${BASE}api.json`, load, limits);
      expect(ok.documents).toBe(1);
      const large = await failure(inlineExternalRefs(refs(5), `${BASE}api.json`, load, limits));
      expect(large.errors[0]!.message).toMatch(/expand to more than 1000 values/);
    });

    it("refuse a relative reference in a text source, and report documents that fail", async () => {
      const { load } = loaderOf({ [`${BASE}bad.json`]: "not used" });
      const relative = await failure(
        buildSpec(JSON.stringify(specWith({ $ref: "./x.json#/X" })), null, load),
      );
      expect(relative.errors[0]!.message).toMatch(/is relative/);
      const missing = await failure(
        buildSpec(JSON.stringify(specWith({ $ref: `${BASE}missing.json#/X` })), null, load),
      );
      expect(missing.code).toBe("FETCH_ERROR");
      const unparsable = await failure(
        buildSpec(
          JSON.stringify(specWith({ $ref: `${BASE}bad.json#/X` })),
          null,
          async () => "{ x",
        ),
      );
      expect(unparsable.code).toBe("PARSE_ERROR");
      expect(unparsable.errors[0]!.message).toMatch(/^https:\/\/specs\.example\.com\/bad\.json: /);
    });
  });

  describe("parsing", () => {
    it("refuses a YAML document that expands aliases without bound", async () => {
      const lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
      for (let i = 1; i < 8; i++) {
        const prev = String.fromCharCode(96 + i);
        const name = String.fromCharCode(97 + i);
        lines.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(", ")}]`);
      }
      let error: unknown;
      try {
        await parseSpecText(lines.join("\n"));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SpecProcessError);
      expect((error as SpecProcessError).code).toBe("PARSE_ERROR");
    });
  });
});

describe("stuck", () => {
  beforeAll(emptyStorage);
  const MINUTE = 60_000;

  /** The test env with a queue that loses every message sent to it. */
  const lostQueue: Cloudflare.Env = {
    ...env,
    JOBS: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue,
  };

  /** Runs the cron trigger through the Worker's scheduled entry; returns `openapi-stuck`'s report. */
  async function cron(at: number): Promise<unknown> {
    const log = vi.spyOn(console, "log");
    try {
      const ctx = createExecutionContext();
      const controller = createScheduledController({
        scheduledTime: new Date(at),
        cron: "17 * * * *",
      });
      await worker.scheduled(controller, env, ctx);
      await waitOnExecutionContext(ctx);
      const iso = new Date(at).toISOString();
      const line = log.mock.calls
        .map((args) => String(args[0]))
        .find((l) => l.includes('"scheduled"') && l.includes(iso));
      expect(line).toBeDefined();
      return JSON.parse(line!).jobs["openapi-stuck"];
    } finally {
      log.mockRestore();
    }
  }

  /** A spec's row as stored. */
  async function row(specId: string) {
    const [found] = await testDb().select().from(openapiSpecs).where(eq(openapiSpecs.id, specId));
    return found!;
  }

  describe("API specs whose processing message was lost", () => {
    it("queues a spec again once it has been pending past its deadline, once", async () => {
      const { org, owner } = await makeOrg();
      const created = await callWith(lostQueue, "POST", `/orgs/${org.id}/openapi`, {
        token: owner.token,
        body: { slug: "lost", source: { text: smallSpecText() } },
      });
      expect(created.status, created.text).toBe(201);
      expect(created.body.processingState).toBe("pending");
      // Not yet: the message may merely be waiting in the queue.
      expect(await cron(Date.now())).toEqual({ requeued: 0 });
      const path = `/orgs/${org.id}/openapi/lost`;
      expect((await as(owner.token).get(path)).body.processingState).toBe("pending");
      // 31 minutes later (past STUCK_AFTER_MINUTES), the scheduled job queues it again.
      const later = Date.now() + 31 * MINUTE;
      expect(await cron(later)).toEqual({ requeued: 1 });
      // An overlapping run at the same time finds its deadline moved ahead.
      expect(await cron(later)).toEqual({ requeued: 0 });
      const spec = await waitProcessed(owner.token, org.id, "lost");
      expect(spec.lastVersion).toBeDefined();
      expect(spec.lastProcessErrorCode).toBeUndefined();
      expect((await as(owner.token).get(`${path}/versions`)).body.count).toBe(1);
    });

    it("queues a spec left in progress by a run that died, and processes its source", async () => {
      const { org, owner } = await makeOrg();
      const first = await makeSpec(owner.token, org.id, "died", smallSpecText("1.0.0"));
      const before = await waitProcessed(owner.token, org.id, "died");
      // A PUT whose message is lost, then a run that claimed the spec and never finished.
      const put = await callWith(lostQueue, "PUT", `/orgs/${org.id}/openapi/died`, {
        token: owner.token,
        body: { source: { text: smallSpecText("2.0.0") } },
      });
      expect(put.status, put.text).toBe(200);
      const deadline = new Date(Date.now() - MINUTE).toISOString();
      await testDb()
        .update(openapiSpecs)
        .set({ processingState: "progress", nextFetchAt: deadline })
        .where(eq(openapiSpecs.id, first.id));
      expect(await cron(Date.now())).toEqual({ requeued: 1 });
      const after = await waitProcessed(owner.token, org.id, "died", before.lastProcessedAt);
      expect(after.lastVersion).not.toBe(before.lastVersion);
      const versions = await as(owner.token).get(`/orgs/${org.id}/openapi/died/versions`);
      expect(versions.body.count).toBe(2);
      // Back to the state of a processed text spec: nothing for the scheduler to do.
      expect((await row(first.id)).nextFetchAt).toBeNull();
    });

    it("queues rows without a deadline by their last update", async () => {
      const { org, owner } = await makeOrg();
      const spec = await makeSpec(owner.token, org.id, "legacy");
      const before = await waitProcessed(owner.token, org.id, "legacy");
      const old = new Date(Date.now() - 31 * MINUTE).toISOString();
      await testDb()
        .update(openapiSpecs)
        .set({ processingState: "pending", nextFetchAt: null, updatedAt: old })
        .where(eq(openapiSpecs.id, spec.id));
      expect(await cron(Date.now())).toEqual({ requeued: 1 });
      const after = await waitProcessed(owner.token, org.id, "legacy", before.lastProcessedAt);
      expect(after.lastVersion).toBe(before.lastVersion);
    });

    it("leaves a merely slow run alone; a duplicate delivery does nothing", async () => {
      const { org, owner } = await makeOrg();
      const spec = await makeSpec(owner.token, org.id, "slow");
      const before = await waitProcessed(owner.token, org.id, "slow");
      // A run started 20 minutes ago: its deadline is 10 minutes ahead.
      const deadline = new Date(Date.now() + 10 * MINUTE).toISOString();
      await testDb()
        .update(openapiSpecs)
        .set({ processingState: "progress", nextFetchAt: deadline })
        .where(eq(openapiSpecs.id, spec.id));
      expect(await cron(Date.now())).toEqual({ requeued: 0 });
      const api = as(owner.token);
      expect((await api.get(`/orgs/${org.id}/openapi/slow`)).body.processingState).toBe("progress");
      // A second message for the same spec (first delivery) leaves the running one alone…
      const ctx = { env, db: testDb(), outbound: createOutbound(env) };
      await processSpec({ ...ctx, attempt: 1 }, spec.id);
      const untouched = await row(spec.id);
      expect(untouched.processingState).toBe("progress");
      expect(untouched.nextFetchAt).toBe(deadline);
      expect(untouched.lastProcessedAt).toBe(before.lastProcessedAt);
      // …while a retry of the run's own message takes it over and finishes it.
      await processSpec({ ...ctx, attempt: 2 }, spec.id);
      const done = await row(spec.id);
      expect(done.processingState).toBe("complete");
      expect(done.lastVersionId).toBe(before.lastVersion);
    });

    it("after a final failure a URL spec waits for its re-fetch, a text one for a write", async () => {
      const { org, owner } = await makeOrg();
      const ctx = { env, db: testDb(), outbound: createOutbound(env) };
      const created = await as(owner.token).post(`/orgs/${org.id}/openapi`, {
        slug: "by-url",
        source: { url: "https://specs.example.com/petstore.json" },
      });
      expect(created.status, created.text).toBe(201);
      await waitProcessed(owner.token, org.id, "by-url");
      const text = await makeSpec(owner.token, org.id, "by-text");
      await waitProcessed(owner.token, org.id, "by-text");
      const start = Date.now();
      for (const id of [created.body.id, text.id]) {
        await recordProcessingFailure(ctx, id, new Error("D1_ERROR: storage unavailable"));
      }
      const byUrl = await row(created.body.id);
      expect(byUrl.processingState).toBe("complete");
      expect(byUrl.lastProcessedErrors![0]!.message).toMatch(/Processing failed: D1_ERROR/);
      expect(byUrl.nextFetchAt! >= new Date(start + 59 * MINUTE).toISOString()).toBe(true);
      expect((await row(text.id)).nextFetchAt).toBeNull();
    });
    it("a run that read an older source never overwrites a newer one", async () => {
      const { org, owner } = await makeOrg();
      const ctx = { env, db: testDb(), outbound: createOutbound(env) };
      const path = `/orgs/${org.id}/openapi/raced`;
      // A URL source that answers late; its message is lost so the test runs the job itself.
      const created = await callWith(lostQueue, "POST", `/orgs/${org.id}/openapi`, {
        token: owner.token,
        body: { slug: "raced", source: { url: "https://specs.example.com/slow.json?ms=1500" } },
      });
      expect(created.status, created.text).toBe(201);
      const older = processSpec({ ...ctx, attempt: 1 }, created.body.id);
      await eventually(async () => {
        expect((await row(created.body.id)).processingState).toBe("progress");
      });
      // Meanwhile a PUT replaces the source, and its own run finishes first.
      const put = await callWith(lostQueue, "PUT", path, {
        token: owner.token,
        body: { source: { text: smallSpecText("2.0.0") } },
      });
      expect(put.status, put.text).toBe(200);
      await processSpec({ ...ctx, attempt: 1 }, created.body.id);
      const newer = await row(created.body.id);
      expect(newer.processingState).toBe("complete");
      expect(newer.lastVersionId).not.toBeNull();
      // The older run ends after it: it writes nothing, and stores nothing.
      await older;
      const after = await row(created.body.id);
      expect(after.lastVersionId).toBe(newer.lastVersionId);
      expect(after.lastProcessedAt).toBe(newer.lastProcessedAt);
      const api = as(owner.token);
      expect((await api.get(`${path}/versions`)).body.count).toBe(1);
      const raw = await api.get(`${path}/versions/latest/content/raw`);
      expect(raw.body.text).toBe(smallSpecText("2.0.0"));
      const stored = await env.FILES.list({ prefix: `openapi/${created.body.id}/` });
      const versionObjects = stored.objects.filter((o) => !o.key.includes("/uploads/"));
      expect(versionObjects).toHaveLength(2);
    });
  });
});
