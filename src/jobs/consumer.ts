import type { Bindings } from "../env";
import { createDb } from "../db/client";
import { countingD1, emptyStats, type D1Stats } from "../db/counting";
import { primarySession } from "../db/session";
import { jobFailures } from "../db/schema/index";
import { createOutbound } from "../outbound";
import { newId } from "../lib/ids";
import type { MainRevisionHook } from "../platform/main-revision";
import { PermanentJobError, type AnyJob, type JobContext, type JobMessage } from "./define";
import { enqueue } from "./enqueue";

/** Longest wait between two attempts of a job. */
const MAX_BACKOFF_SECONDS = 3600;

/** Seconds before attempt `attempt + 1`: base × 2^(attempt − 1), capped (base 0 in tests). */
export function backoffSeconds(env: Pick<Bindings, "JOB_RETRY_BASE_SECONDS">, attempt: number) {
  const raw = Number(env.JOB_RETRY_BASE_SECONDS ?? "10");
  const base = Number.isFinite(raw) && raw >= 0 ? raw : 10;
  return Math.min(MAX_BACKOFF_SECONDS, Math.round(base * 2 ** (attempt - 1)));
}

/** What the consumer is built with: the platform's jobs and its after-main hooks. */
interface JobConsumerParts {
  jobs: readonly AnyJob[];
  mainRevisionHooks: readonly MainRevisionHook[];
}

/** The registered jobs by kind, and the hooks every job's writes to main are followed by. */
interface Registry {
  byKind: Map<string, AnyJob>;
  hooks: readonly MainRevisionHook[];
}

/**
 * The queue consumer for every background job: routes each message to its registered job by
 * `kind`, validates the payload, runs it, retries with backoff on errors and, after the last
 * attempt (or a `PermanentJobError`), runs the job's `onFailed` and records the failure.
 */
export function createJobConsumer(parts: JobConsumerParts) {
  const byKind = new Map<string, AnyJob>();
  for (const job of parts.jobs) {
    if (byKind.has(job.kind)) throw new Error(`job kind registered twice: ${job.kind}`);
    byKind.set(job.kind, job);
  }
  const registry: Registry = { byKind, hooks: parts.mainRevisionHooks };
  return async (batch: MessageBatch<unknown>, env: Bindings): Promise<void> => {
    for (const message of batch.messages) await consume(registry, message, env);
  };
}

async function consume({ byKind, hooks }: Registry, message: Message<unknown>, env: Bindings) {
  const body = message.body as Partial<JobMessage> | null;
  const job = body && typeof body.kind === "string" ? byKind.get(body.kind) : undefined;
  const parsed = job?.payload.safeParse(body?.payload);
  if (!job || !parsed?.success) {
    // Nothing can ever run it: log and drop rather than retry a message no handler accepts.
    console.error(JSON.stringify({ job: body?.kind ?? null, dropped: "unknown kind or payload" }));
    message.ack();
    return;
  }
  // With JOB_STATS on (the benches), the job's D1 use is counted and logged as one line.
  const stats = env.JOB_STATS === "1" ? emptyStats() : undefined;
  const session = primarySession(env.DB);
  const db = createDb(stats ? countingD1(session, stats) : session);
  const started = Date.now();
  const ctx: JobContext = {
    env,
    db,
    outbound: createOutbound(env),
    attempt: message.attempts,
    // No waitUntil: the hooks run awaited in the job, on a session outside its counts.
    afterMain: {
      hooks,
      db: createDb(primarySession(env.DB)),
      jobs: env.JOBS,
      rooms: env.COLLAB_ROOMS,
    },
    enqueue: (next, payload, opts) => enqueue(env, next, payload, opts),
  };
  try {
    await job.run(parsed.data, ctx);
    message.ack();
    logStats(job.kind, stats, started, true);
    return;
  } catch (error) {
    logStats(job.kind, stats, started, false);
    const maxAttempts = job.maxAttempts ?? 5;
    const permanent = error instanceof PermanentJobError;
    if (!permanent && message.attempts < maxAttempts) {
      console.warn(
        JSON.stringify({ job: job.kind, attempt: message.attempts, error: text(error) }),
      );
      message.retry({ delaySeconds: backoffSeconds(env, message.attempts) });
      return;
    }
    await fail(job, parsed.data, error, ctx, body?.queuedAt);
    message.ack();
  }
}

/** The final failed state: the job's own record first, then the operators' table. */
async function fail(
  job: AnyJob,
  payload: unknown,
  error: unknown,
  ctx: JobContext,
  queuedAt: number | undefined,
) {
  console.error(
    JSON.stringify({ job: job.kind, failed: true, attempt: ctx.attempt, error: text(error) }),
  );
  try {
    await job.onFailed?.(payload, error, ctx);
  } catch (inner) {
    console.error(JSON.stringify({ job: job.kind, onFailed: text(inner) }));
  }
  await ctx.db.insert(jobFailures).values({
    id: newId(),
    kind: job.kind,
    payload,
    error: text(error).slice(0, 2000),
    attempts: ctx.attempt,
    queuedAt: new Date(queuedAt ?? Date.now()).toISOString(),
    failedAt: new Date().toISOString(),
  });
}

/** One JSON line per delivery with its D1 counts (what X-Quire-D1 is for a request). */
function logStats(kind: string, stats: D1Stats | undefined, started: number, ok: boolean) {
  if (stats)
    console.log(JSON.stringify({ jobStats: { kind, ok, ms: Date.now() - started, ...stats } }));
}

function text(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
