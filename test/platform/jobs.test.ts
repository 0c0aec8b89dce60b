import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createJobConsumer, backoffSeconds } from "../../src/jobs/consumer";
import { PermanentJobError, defineJob } from "../../src/jobs/define";

// The consumer's contract (routing, validation, retries, the final failed state), driven with
// the runtime's own MessageBatch; the areas' jobs run on the real local queue in their tests.
const seen: { payload: { n: number }; attempt: number }[] = [];
const failed: string[] = [];

const flaky = defineJob({
  kind: "test.flaky",
  payload: z.object({ n: z.number() }),
  maxAttempts: 3,
  async run(payload, ctx) {
    seen.push({ payload, attempt: ctx.attempt });
    if (payload.n === 1) throw new Error("transient");
    if (payload.n === 2) throw new PermanentJobError("hopeless");
  },
  async onFailed(payload, error) {
    failed.push(`${payload.n}:${error instanceof Error ? error.message : ""}`);
  },
});

const consume = createJobConsumer({ jobs: [flaky], mainRevisionHooks: [] });

async function deliver(body: unknown, attempts: number) {
  const batch = createMessageBatch("quire-jobs", [
    { id: crypto.randomUUID(), timestamp: new Date(), attempts, body },
  ]);
  const ctx = createExecutionContext();
  await consume(batch, env);
  return (await getQueueResult(batch, ctx)).explicitAcks.length === 1 ? "ack" : "retry";
}

async function failures(kind: string) {
  const rows = await env.DB.prepare("SELECT kind, error, attempts FROM job_failures WHERE kind = ?")
    .bind(kind)
    .all<{ kind: string; error: string; attempts: number }>();
  return rows.results;
}

describe("job consumer", () => {
  it("runs a job and acknowledges it", async () => {
    expect(await deliver({ kind: "test.flaky", payload: { n: 0 }, queuedAt: 0 }, 1)).toBe("ack");
    expect(seen.at(-1)).toEqual({ payload: { n: 0 }, attempt: 1 });
  });

  it("retries a failing job until its last attempt, then records the failure", async () => {
    const body = { kind: "test.flaky", payload: { n: 1 }, queuedAt: 0 };
    expect(await deliver(body, 1)).toBe("retry");
    expect(await deliver(body, 2)).toBe("retry");
    expect(failed).not.toContain("1:transient");
    expect(await deliver(body, 3)).toBe("ack");
    expect(failed).toContain("1:transient");
    expect(await failures("test.flaky")).toContainEqual({
      kind: "test.flaky",
      error: "transient",
      attempts: 3,
    });
  });

  it("fails a permanent error at once", async () => {
    expect(await deliver({ kind: "test.flaky", payload: { n: 2 }, queuedAt: 0 }, 1)).toBe("ack");
    expect(failed).toContain("2:hopeless");
  });

  it("drops messages no job accepts", async () => {
    expect(await deliver({ kind: "test.unknown", payload: {}, queuedAt: 0 }, 1)).toBe("ack");
    expect(await deliver({ kind: "test.flaky", payload: { n: "x" }, queuedAt: 0 }, 1)).toBe("ack");
    expect(await deliver("not an object", 1)).toBe("ack");
  });

  it("backs off exponentially from the configured base", () => {
    expect(backoffSeconds({ JOB_RETRY_BASE_SECONDS: "10" }, 1)).toBe(10);
    expect(backoffSeconds({ JOB_RETRY_BASE_SECONDS: "10" }, 3)).toBe(40);
    expect(backoffSeconds({ JOB_RETRY_BASE_SECONDS: "10" }, 20)).toBe(3600);
    expect(backoffSeconds({ JOB_RETRY_BASE_SECONDS: "0" }, 4)).toBe(0);
    expect(backoffSeconds({}, 1)).toBe(10);
  });
});
