import type { SpaceRow } from "../../db/schema";
import type { Database } from "../../db/client";

import type { Background } from "../../http/background";

/** What a new main revision changed: the space after it, and the pages it touched. */
export interface MainRevisionEvent {
  /** The handle hooks use: the background one when there is a request, so it is not counted. */
  db: Database;
  space: SpaceRow;
  previousSeq: number;
  pageIds: string[];
  /** The queue of background jobs, for hooks that hand work on (integration events). */
  jobs?: Queue<unknown>;
}

/**
 * Work that follows a new main revision, after the answer (search indexing). Links are not a
 * hook: they are extracted in the commit batch itself (`commitStatements`).
 */
export type MainRevisionHook = (event: MainRevisionEvent) => Promise<void>;

/**
 * Where the work after a new main revision goes: the hooks the app was assembled with
 * (`createApp`, handed to routes as `c.get("mainRevisionHooks")`) and the request's background.
 * Without hooks (a direct service call in a test), nothing follows.
 */
export interface AfterMain {
  hooks: readonly MainRevisionHook[];
  background?: Background;
  /** The queue of background jobs (absent in direct service calls). */
  jobs?: Queue<unknown>;
}

/**
 * The one seam after a new main revision (merge, template applied to main, duplicate): runs
 * every hook after the answer, in `waitUntil` on the background D1 handle when there is a
 * request, else on `db` without waiting, and logs failures without failing the write that
 * already landed.
 */
export function afterMainRevision(
  db: Database,
  event: Omit<MainRevisionEvent, "db">,
  after: AfterMain | undefined,
): void {
  const hooks = after?.hooks ?? [];
  if (hooks.length === 0) return;
  const background = after?.background;
  const full = { ...event, db: background?.db ?? db, jobs: after?.jobs };
  const run = Promise.all(hooks.map((hook) => hook(full))).then(
    () => undefined,
    (err: unknown) => console.error("main revision hook failed", err),
  );
  if (background) background.ctx.waitUntil(run);
}
