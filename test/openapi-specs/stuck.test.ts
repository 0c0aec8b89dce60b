import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { openapiSpecs } from "../../src/db/schema";
import { createOutbound } from "../../src/outbound";
import { processSpec, recordProcessingFailure } from "../../src/services/openapi-specs/process";
import { as } from "../helpers/api";
import { callWith } from "../helpers/faults";
import { makeOrg, testDb } from "../helpers/factories";
import { makeSpec, smallSpecText, waitProcessed } from "../helpers/openapi-factories";
import { eventually } from "../helpers/jobs";

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
