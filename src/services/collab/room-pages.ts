import type { Database } from "../../db/client";
import type { ChangeRequestRow, SpaceRow } from "../../db/schema";
import { changeRequestPointer, mainPointer } from "../../content/pointers";
import { documentsQuery, pagesByIdQuery } from "../../content/read";
import type { JsonDocument } from "../../../core/document/types";
import type { AfterMain } from "../../platform/main-revision";
import { applyContentBatch } from "../change-requests/writes";
import { commitPagesToMain } from "../templates/main-commit";
import type { LiveRoomsBinding } from "./live-rooms";

/**
 * A live room's page in D1 (src/collab): read as the API's page read reads it (the change
 * request's pointer, or main's for a room on main), written as the API writes it — in a change
 * request by the content batch (`applyContentBatch`), on main by the one commit-to-main step
 * (`commitPagesToMain`, one revision per save, with the after-main hooks) — an `update_page`
 * naming its `baseDocumentId`, so search, links and hooks see the room's saves as they see any
 * other.
 */

/** A page's Document in a change request or on main: its id (the stored hash; null when none). */
export interface RoomPage {
  documentId: string | null;
  document: JsonDocument | null;
  /** Only document pages have a body to co-edit. */
  isDocument: boolean;
}

/** The page `pageId` of the change request, or of main when `cr` is null (null: absent). */
export async function readRoomPage(
  db: Database,
  space: SpaceRow,
  cr: ChangeRequestRow | null,
  pageId: string,
): Promise<RoomPage | null> {
  const pointer = cr ? changeRequestPointer(space, cr) : mainPointer(space);
  const rows = await pagesByIdQuery(db, pointer, [pageId]);
  const row = rows.find((r) => !r.deleted);
  if (!row) return null;
  const isDocument = row.kind === "document" && !row.computed;
  if (!row.documentHash) return { documentId: null, document: null, isDocument };
  const [body] = await documentsQuery(db, [row.documentHash]);
  const document = body ? (JSON.parse(body.body) as JsonDocument) : null;
  return { documentId: row.documentHash, document, isDocument };
}

/** Where a room writes: its page, as whom, and what follows a write on main. */
export interface RoomTarget {
  space: SpaceRow;
  /** null: the page on main. */
  changeRequest: ChangeRequestRow | null;
  userId: string;
  pageId: string;
  /** The after-main hooks of a save on main (no `rooms`: the room is its page's only writer). */
  afterMain: AfterMain;
}

/**
 * Writes the room's Document as `userId`, on the Document it was edited from: answers the page
 * as stored (the API gives new blocks their keys); a 409 (ApiError) when the page's document is
 * another by now.
 */
export async function writeRoomPage(
  db: Database,
  bucket: R2Bucket,
  live: LiveRoomsBinding,
  target: RoomTarget,
  baseDocumentId: string | null,
  document: JsonDocument,
): Promise<RoomPage> {
  const change = {
    operation: "update_page" as const,
    page: target.pageId,
    baseDocumentId,
    document: { document: document as unknown as Record<string, unknown> },
  };
  const { applied } = target.changeRequest
    ? await applyContentBatch(
        db,
        bucket,
        target.space,
        target.changeRequest,
        target.userId,
        [change],
        {},
        live,
      )
    : await commitPagesToMain(db, target.space, target.userId, [change], target.afterMain);
  const documentId = applied.pages.find((p) => p.pageId === target.pageId)?.documentHash ?? null;
  const stored = applied.documents.find((d) => d.hash === documentId)?.document ?? document;
  return { documentId, document: stored, isDocument: true };
}
