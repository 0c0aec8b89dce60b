import type { Database } from "../../db/client";
import type { ChangeRequestRow, SpaceRow } from "../../db/schema";
import { changeRequestPointer } from "../../content/pointers";
import { documentsQuery, pagesByIdQuery } from "../../content/read";
import type { JsonDocument } from "../../../core/document/types";
import { applyContentBatch } from "../change-requests/writes";
import type { LiveRoomsBinding } from "./live-rooms";

/**
 * A live room's page in D1 (src/collab): read as the API's page read reads it (the change
 * request's pointer), written as the content batch route writes it (`applyContentBatch`, an
 * `update_page` naming its `baseDocumentId`), so search, links and hooks see the room's saves
 * as they see any other.
 */

/** A page's Document in a change request: its id (the stored hash; null when it has none). */
export interface RoomPage {
  documentId: string | null;
  document: JsonDocument | null;
  /** Only document pages have a body to co-edit. */
  isDocument: boolean;
}

/** The page `pageId` of the change request (null: absent or deleted there). */
export async function readRoomPage(
  db: Database,
  space: SpaceRow,
  cr: ChangeRequestRow,
  pageId: string,
): Promise<RoomPage | null> {
  const rows = await pagesByIdQuery(db, changeRequestPointer(space, cr), [pageId]);
  const row = rows.find((r) => !r.deleted);
  if (!row) return null;
  const isDocument = row.kind === "document" && !row.computed;
  if (!row.documentHash) return { documentId: null, document: null, isDocument };
  const [body] = await documentsQuery(db, [row.documentHash]);
  const document = body ? (JSON.parse(body.body) as JsonDocument) : null;
  return { documentId: row.documentHash, document, isDocument };
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
  target: { space: SpaceRow; changeRequest: ChangeRequestRow; userId: string; pageId: string },
  baseDocumentId: string | null,
  document: JsonDocument,
): Promise<RoomPage> {
  const change = {
    operation: "update_page" as const,
    page: target.pageId,
    baseDocumentId,
    document: { document: document as unknown as Record<string, unknown> },
  };
  const { applied } = await applyContentBatch(
    db,
    bucket,
    target.space,
    target.changeRequest,
    target.userId,
    [change],
    {},
    live,
  );
  const documentId = applied.pages.find((p) => p.pageId === target.pageId)?.documentHash ?? null;
  const stored = applied.documents.find((d) => d.hash === documentId)?.document ?? document;
  return { documentId, document: stored, isDocument: true };
}
