import type { Database } from "../db/client";
import type { SpaceRow } from "../auth/space-access";

/** What a new main revision changed: the space after it, and the pages it touched. */
export interface MainRevisionEvent {
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
 * The one seam after a new main revision (merge, template applied to main, restore): runs every
 * registered hook in `waitUntil` when there is an execution context, else inline, and logs
 * failures without failing the merge that already landed.
 */
export function afterMainRevision(event: MainRevisionEvent, ctx?: ExecutionContext): void {
  if (hooks.length === 0) return;
  const run = Promise.all(hooks.map((hook) => hook(event))).then(
    () => undefined,
    (err: unknown) => console.error("main revision hook failed", err),
  );
  if (ctx) ctx.waitUntil(run);
}
