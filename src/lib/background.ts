import type { Context } from "hono";
import { createDb, type Database } from "../db/client";
import type { AppEnv } from "../env";

/**
 * Work that follows an answer (re-indexing after a restore, hooks after a merge) runs in
 * `waitUntil` on its own D1 handle: it is not on the request's latency path, so it is not in the
 * request's X-Quire-D1 counts, and it logs its failure instead of failing what already landed.
 * Without an execution context (a service called directly from a test) it runs inline.
 */
export async function inBackground(
  c: Context<AppEnv>,
  label: string,
  task: (db: Database) => Promise<unknown>,
): Promise<void> {
  const run = task(createDb(c.env.DB)).then(
    () => undefined,
    (err: unknown) => console.error(`${label} failed`, err),
  );
  let ctx: ExecutionContext | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined;
  }
  if (ctx) ctx.waitUntil(run);
  else await run;
}
