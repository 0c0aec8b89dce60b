import type { Context } from "hono";
import type { AppEnv } from "../env";
import { backgroundOf } from "../http/background";
import type { AfterMain } from "../platform/main-revision";

/**
 * What follows a write on main in this request: the platform's hooks, after the answer (the
 * request's `waitUntil`) on the background D1 handle, so they are neither on the latency path
 * nor in the request's X-Quire-D1 counts. Without an execution context they run awaited.
 */
export function afterMainOf(c: Context<AppEnv>): AfterMain {
  const background = backgroundOf(c);
  return {
    hooks: c.get("mainRevisionHooks"),
    db: background?.db ?? c.get("db"),
    jobs: c.env.JOBS,
    waitUntil: background ? (work) => background.ctx.waitUntil(work) : undefined,
    rooms: c.env.COLLAB_ROOMS,
  };
}
