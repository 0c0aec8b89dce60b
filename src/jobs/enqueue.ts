import type { Bindings } from "../env";
import type { JobDefinition, JobMessage } from "./define";

/** Queues one job on Quire's one queue (binding `JOBS`); the payload is checked before sending. */
export async function enqueue<P>(
  env: Pick<Bindings, "JOBS">,
  job: JobDefinition<P>,
  payload: P,
  opts: { delaySeconds?: number } = {},
): Promise<void> {
  const checked = job.payload.parse(payload);
  const body: JobMessage = { kind: job.kind, payload: checked, queuedAt: Date.now() };
  await env.JOBS.send(body, {
    contentType: "json",
    ...(opts.delaySeconds ? { delaySeconds: opts.delaySeconds } : {}),
  });
}

/** Queues several jobs of one kind in one call (≤ 100 per call, as Queues allow). */
export async function enqueueMany<P>(
  env: Pick<Bindings, "JOBS">,
  job: JobDefinition<P>,
  payloads: readonly P[],
): Promise<void> {
  for (let i = 0; i < payloads.length; i += 100) {
    const batch = payloads.slice(i, i + 100).map((p) => ({
      body: { kind: job.kind, payload: job.payload.parse(p), queuedAt: Date.now() } as JobMessage,
      contentType: "json" as const,
    }));
    await env.JOBS.sendBatch(batch);
  }
}
