import type { Context } from "hono";
import { createDb, type Database } from "../db/client";
import { primarySession } from "../db/session";
import type { AppEnv } from "../env";

/**
 * Where work that follows an answer runs: the request's execution context and a D1 handle of
 * its own. That work (re-indexing after a merge or a restore) is not on the request's latency
 * path, so it is not in the request's X-Quire-D1 counts.
 */
export interface Background {
  ctx: ExecutionContext;
  db: Database;
}

/** The request's execution context, or undefined where there is none (a direct service call). */
export function executionContext(c: Context<AppEnv>): ExecutionContext | undefined {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return undefined;
  }
}

/** The background of a request, when it has an execution context. */
export function backgroundOf(c: Context<AppEnv>): Background | undefined {
  const ctx = executionContext(c);
  return ctx ? { ctx, db: createDb(primarySession(c.env.DB)) } : undefined;
}

/**
 * Runs `task` after the answer (in `waitUntil`, on the background handle), logging its failure
 * instead of failing what already landed. Without an execution context it runs inline.
 */
export async function inBackground(
  c: Context<AppEnv>,
  label: string,
  task: (db: Database) => Promise<unknown>,
): Promise<void> {
  const background = backgroundOf(c);
  const run = task(background?.db ?? c.get("db")).then(
    () => undefined,
    (err: unknown) => console.error(`${label} failed`, err),
  );
  if (background) background.ctx.waitUntil(run);
  else await run;
}
