import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { liveRooms } from "../../db/schema";
import { nowIso } from "../../lib/clock";

/**
 * Which pages of a change request have a live room (src/collab), and telling those rooms that
 * their page changed another way (a content batch, update from main, a template): the rows of
 * `live_rooms`, read inside the writer's own batch, so a write to a page nobody has open costs
 * nothing more, and a write to an open page one call to its room.
 */

/** The rooms' Durable Object namespace (wrangler.toml's COLLAB_ROOMS binding). */
export type LiveRoomsBinding = DurableObjectNamespace | undefined;

/** The name of the room of a page in a change request: one Durable Object each. */
export function roomName(changeRequestId: string, pageId: string): string {
  return `${changeRequestId}:${pageId}`;
}

/** The path of a room's internal refresh call (never reachable from outside the Worker). */
export const REFRESH_PATH = "/refresh";

/**
 * The statement reading the open rooms of a change request: a few rows (one per page someone has
 * open), bound by one parameter whatever the batch's size (D1 allows 100 per statement); a writer
 * keeps the rooms of its pages (`roomsOf`).
 */
export function liveRoomsQuery(db: Database, changeRequestId: string) {
  return db
    .select({ pageId: liveRooms.pageId })
    .from(liveRooms)
    .where(eq(liveRooms.changeRequestId, changeRequestId));
}

/** The pages of `pageIds` among the open rooms read by `liveRoomsQuery`. */
export function roomsOf(open: readonly { pageId: string }[], pageIds: readonly string[]): string[] {
  const wanted = new Set(pageIds);
  return open.map((r) => r.pageId).filter((id) => wanted.has(id));
}

/**
 * Tells the rooms of `pageIds` to read their page again: awaited (the writer's answer follows
 * the rooms' having the new Document), failures logged (the room also re-reads on its next save).
 */
export async function refreshRooms(
  binding: LiveRoomsBinding,
  changeRequestId: string,
  pageIds: readonly string[],
): Promise<void> {
  if (!binding) return;
  await Promise.all(
    pageIds.map(async (pageId) => {
      const stub = binding.get(binding.idFromName(roomName(changeRequestId, pageId)));
      try {
        const res = await stub.fetch(`https://room${REFRESH_PATH}`, { method: "POST" });
        await res.body?.cancel();
      } catch (err) {
        console.error("live room refresh failed", err);
      }
    }),
  );
}

/** Marks a room open (its first socket); idempotent. */
export async function markRoomOpen(db: Database, changeRequestId: string, pageId: string) {
  await db
    .insert(liveRooms)
    .values({ changeRequestId, pageId, openedAt: nowIso() })
    .onConflictDoNothing();
}

/** Marks a room closed (no sockets, nothing unsaved). */
export async function markRoomClosed(db: Database, changeRequestId: string, pageId: string) {
  await db
    .delete(liveRooms)
    .where(and(eq(liveRooms.changeRequestId, changeRequestId), eq(liveRooms.pageId, pageId)));
}

/** Tells every live room of a change request to look again (its merge or archive closes them). */
export async function refreshChangeRequestRooms(
  db: Database,
  binding: LiveRoomsBinding,
  changeRequestId: string,
): Promise<void> {
  if (!binding) return;
  const open = await liveRoomsQuery(db, changeRequestId);
  await refreshRooms(
    binding,
    changeRequestId,
    open.map((r) => r.pageId),
  );
}
