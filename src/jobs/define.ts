import type { z } from "zod";
import type { Bindings } from "../env";
import type { Database } from "../db/client";
import type { Outbound } from "../outbound";
import type { AfterMain } from "../platform/main-revision";

/**
 * What every job handler receives: the bindings, a database handle, the network, the attempt,
 * the after-main hooks.
 */
export interface JobContext {
  env: Bindings;
  db: Database;
  /** The one way a job reaches the network (src/outbound). */
  outbound: Outbound;
  /** 1 on the first delivery, then 2, 3, … on retries. */
  attempt: number;
  /**
   * What follows a write to main made by the job (a translation run's new revision): the
   * platform's after-main hooks, the same list requests use, on a D1 session of their own (not in
   * the job's counts). A job has no `waitUntil`: the hooks run awaited, before the message is
   * acknowledged; their failures are logged, never retried (the revision has landed).
   */
  afterMain: AfterMain;
  /** Queues a follow-up job (a next batch, a fan-out). */
  enqueue<P>(job: JobDefinition<P>, payload: P, opts?: { delaySeconds?: number }): Promise<void>;
}

/**
 * A kind of background job: its payload schema, its handler and what happens when it keeps
 * failing. Definitions live in their area's services and are registered in `src/index.ts`.
 */
export interface JobDefinition<P> {
  /** Unique name carried by every message, e.g. `openapi.process`. */
  kind: string;
  /** Validates the payload on receipt: a message that does not match is dropped and logged. */
  payload: z.ZodType<P>;
  /** Deliveries before the job counts as failed (default 5); retries back off exponentially. */
  maxAttempts?: number;
  /** Does the work; throwing schedules a retry (or the failure, after the last attempt). */
  run(payload: P, ctx: JobContext): Promise<void>;
  /** Records the final failed state in the area's own rows, after the last attempt. */
  onFailed?(payload: P, error: unknown, ctx: JobContext): Promise<void>;
}

/** A registered job whose payload type is no longer known (the consumer's view). */
export type AnyJob = JobDefinition<unknown>;

/** Declares a job with its payload type inferred from the definition. */
export function defineJob<P>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}

/** Thrown by a handler when retrying cannot help: the job fails at once (onFailed runs). */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}

/** The wire shape of a queue message: the job kind and its payload. */
export interface JobMessage {
  kind: string;
  payload: unknown;
  /** When the first attempt was queued (ms since epoch), for logs and the failure record. */
  queuedAt: number;
}
