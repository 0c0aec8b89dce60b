import type { Database } from "../db/client";
import type { SpaceRow } from "../db/schema";

/** What a new main revision changed: the space after it, and the pages it touched. */
export interface MainRevisionEvent {
  /** The handle hooks use: one of their own (`AfterMain.db`), so the write's counts omit them. */
  db: Database;
  space: SpaceRow;
  previousSeq: number;
  pageIds: string[];
  /** The queue of background jobs, for hooks that hand work on (integration events). */
  jobs: Queue<unknown>;
}

/**
 * Work that follows every new main revision (integration events, search indexing). Links are
 * not a hook: they are extracted in the commit batch itself (`commitStatements`). The list is
 * built once per isolate by `createPlatform` (src/platform/compose.ts).
 */
export type MainRevisionHook = (event: MainRevisionEvent) => Promise<void>;

/**
 * What follows a write on main, and where it runs. Every write to main receives one
 * (`commitToMain` requires it): a route builds it from its request (`afterMainOf`,
 * src/routes/after-main.ts), a queue job finds it in its `JobContext`, a test fixture that writes
 * main directly states its own (usually no hooks).
 */
export interface AfterMain {
  /** The platform's hooks, in order. */
  hooks: readonly MainRevisionHook[];
  /** The D1 handle the hooks run on: a session of their own, outside the write's counts. */
  db: Database;
  /** The queue of background jobs (integration events are queued there). */
  jobs: Queue<unknown>;
  /**
   * Hands the hooks' work to the runtime to finish after the answer (a request's `waitUntil`).
   * Absent in a queue job (its message is acknowledged only when its handler returns, so the
   * hooks run awaited inside it) and in a direct service call.
   */
  waitUntil?: (work: Promise<void>) => void;
  /**
   * The live rooms' namespace (COLLAB_ROOMS): `commitToMain` refreshes the open rooms on main of
   * the pages it wrote (src/services/collab/live-rooms.ts). Absent: no room is told (a room's own
   * save, which is the only writer of its page it need not tell; a deployment without rooms).
   */
  rooms?: DurableObjectNamespace;
}
