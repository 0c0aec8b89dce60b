import type { SpaceRow } from "../../db/schema";
import type { Database } from "../../db/client";

import type { Background } from "../../lib/background";

/** What a new main revision changed: the space after it, and the pages it touched. */
export interface MainRevisionEvent {
  /** The handle hooks use: the background one when there is a request, so it is not counted. */
  db: Database;
  space: SpaceRow;
  previousSeq: number;
  pageIds: string[];
}

/** Work that follows a new main revision (search indexing, link extraction). */
export type MainRevisionHook = (event: MainRevisionEvent) => Promise<void>;

const hooks: MainRevisionHook[] = [];

/** Registers work to run after each new main revision; later issues hook in here. */
export function onMainRevision(hook: MainRevisionHook): void {
  hooks.push(hook);
}

/**
 * The one seam after a new main revision (merge, template applied to main, duplicate): runs
 * every registered hook after the answer, in `waitUntil` on the background D1 handle when there
 * is a request (`backgroundOf(c)`), else on `db` without waiting, and logs failures without
 * failing the merge that already landed.
 */
export function afterMainRevision(
  db: Database,
  event: Omit<MainRevisionEvent, "db">,
  background?: Background,
): void {
  if (hooks.length === 0) return;
  const full = { ...event, db: background?.db ?? db };
  const run = Promise.all(hooks.map((hook) => hook(full))).then(
    () => undefined,
    (err: unknown) => console.error("main revision hook failed", err),
  );
  if (background) background.ctx.waitUntil(run);
}
