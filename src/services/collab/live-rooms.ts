import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { liveRooms } from "../../db/schema";
import { nowIso } from "../../lib/clock";

/**
 * Which pages of a change request, or of main in a space whose `editMode` is `live`, have a live
 * room (src/collab), and telling those rooms that their page changed another way (a content
 * batch, update from main, a merge, a template, a translation run): the rows of `live_rooms`,
 * read inside the writer's own batch, so a write to a page nobody has open costs nothing more,
 * and a write to an open page one call to its room. A row's `change_request_id` column holds the
 * room's key (`roomKey`): a change request's id, or main's key of the space.
 */

/** The rooms' Durable Object namespace (wrangler.toml's COLLAB_ROOMS binding). */
export type LiveRoomsBinding = DurableObjectNamespace | undefined;

/**
 * The key of a room's line in `live_rooms` and in its name: the change request's id, or for
 * main (`changeRequestId` null) `main:<spaceId>`. Ids are alphanumeric (`newId`), so main's key
 * is never a change request's, and main's room names (`main:<spaceId>:<pageId>`, two colons)
 * never a change request's (`<changeRequestId>:<pageId>`).
 */
export function roomKey(spaceId: string, changeRequestId: string | null): string {
  return changeRequestId ?? `main:${spaceId}`;
}

/** The name of the room of a page on a line (`roomKey`): one Durable Object each. */
export function roomName(key: string, pageId: string): string {
  return `${key}:${pageId}`;
}

/** The path of a room's internal refresh call (never reachable from outside the Worker). */
export const REFRESH_PATH = "/refresh";

/**
 * The statement reading the open rooms of a line (`roomKey`): a few rows (one per page someone
 * has open), bound by one parameter whatever the batch's size (D1 allows 100 per statement); a
 * writer keeps the rooms of its pages (`roomsOf`).
 */
export function liveRoomsQuery(db: Database, key: string) {
  return db
    .select({ pageId: liveRooms.pageId })
    .from(liveRooms)
    .where(eq(liveRooms.changeRequestId, key));
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
  key: string,
  pageIds: readonly string[],
): Promise<void> {
  if (!binding) return;
  await Promise.all(
    pageIds.map(async (pageId) => {
      const stub = binding.get(binding.idFromName(roomName(key, pageId)));
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
export async function markRoomOpen(db: Database, key: string, pageId: string) {
  await db
    .insert(liveRooms)
    .values({ changeRequestId: key, pageId, openedAt: nowIso() })
    .onConflictDoNothing();
}

/** Marks a room closed (no sockets, nothing unsaved). */
export async function markRoomClosed(db: Database, key: string, pageId: string) {
  await db
    .delete(liveRooms)
    .where(and(eq(liveRooms.changeRequestId, key), eq(liveRooms.pageId, pageId)));
}

/**
 * Tells every live room of a line (`roomKey`) to look again: a change request's merge or archive
 * closes them, as does a space's edit mode leaving `live` for main's.
 */
export async function refreshLineRooms(
  db: Database,
  binding: LiveRoomsBinding,
  key: string,
): Promise<void> {
  if (!binding) return;
  const open = await liveRoomsQuery(db, key);
  await refreshRooms(
    binding,
    key,
    open.map((r) => r.pageId),
  );
}
