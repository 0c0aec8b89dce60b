import type { AfterMain, MainRevisionEvent } from "../../platform/main-revision";

/**
 * The one seam after a new main revision (merge, template applied to main, translation run,
 * duplicate): runs every hook of `after` on its own D1 handle and logs failures without failing
 * the write that already landed. With `after.waitUntil` (a request) the work finishes after the
 * answer and this returns at once; without it (a queue job, a direct call) it is awaited here.
 */
export async function afterMainRevision(
  event: Omit<MainRevisionEvent, "db" | "jobs">,
  after: AfterMain,
): Promise<void> {
  if (after.hooks.length === 0) return;
  const full: MainRevisionEvent = { ...event, db: after.db, jobs: after.jobs };
  const run = Promise.all(after.hooks.map(async (hook) => hook(full))).then(
    () => undefined,
    (err: unknown) => console.error("main revision hook failed", err),
  );
  if (after.waitUntil) after.waitUntil(run);
  else await run;
}
