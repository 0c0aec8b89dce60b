import { eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { changeRequests, spaces } from "../db/schema/index";
import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { requireRole, requireScope } from "./organization";
import { changeRequestMatch, resolveChangeRequest } from "./change-request";
import { resolveSpace, type ResolvedSpace } from "./space";
import type { ContentPointer } from "../content/pointer";
import { changeRequestPointer, mainPointer } from "../content/pointers";
import { documentFromInput } from "../content/documents";
import type { CommentViewer } from "../presenters/comment";
import type { CommentPlace } from "../services/comments/comments";
import { placeSql, type CommentStatus } from "../services/comments/reads";
import type { CommentBodyValue } from "../api/comments";

/** The path of a comment list: a space, or one of its change requests by id or number. */
export interface PlacePath {
  spaceId: string;
  changeRequestId?: string;
}

/** A resolved place: the access check's result, where comments are stored, and its content. */
export interface ResolvedPlace<E> {
  found: ResolvedSpace;
  place: CommentPlace;
  /** The content comments of this place target: main's head, or the change request's head. */
  pointer: ContentPointer;
  extra: E;
}

/**
 * SQL matching the comments of the place in the path, usable before the change request is
 * loaded (its id is a subquery on the id-or-number in the path).
 */
export function placeOfPath(path: PlacePath): SQL {
  return placeSql(path.spaceId, crOfPath(path));
}

/** SQL selecting the id of the path's change request (null: the space itself). */
function crOfPath(path: PlacePath): SQL | null {
  if (path.changeRequestId === undefined) return null;
  return sql`SELECT id FROM change_requests WHERE ${changeRequestMatch(path.spaceId, path.changeRequestId)} LIMIT 1`;
}

/**
 * The place's comment count for a status from its counters (`comments_count`, kept by triggers,
 * and `comments_open`): what an unfiltered list answers as `count` without counting rows.
 */
export function placeCountQuery(db: Database, path: PlacePath, status: CommentStatus) {
  const cr = crOfPath(path);
  const table = cr === null ? spaces : changeRequests;
  const n =
    status === "open"
      ? sql<number>`${table.commentsOpen}`
      : status === "resolved"
        ? sql<number>`${table.commentsCount} - ${table.commentsOpen}`
        : sql<number>`${table.commentsCount}`;
  const where = cr === null ? eq(spaces.id, path.spaceId) : sql`${changeRequests.id} = (${cr})`;
  return db.select({ n }).from(table).where(where);
}

/**
 * Loads the space (and the change request, when the path has one) with the caller's role and
 * the route's `extra` statements in one round trip; invisible or absent is a 404.
 */
export async function resolvePlace<const T extends readonly BatchItem<"sqlite">[]>(
  c: Context<AppEnv>,
  path: PlacePath,
  extra: T,
): Promise<ResolvedPlace<{ [K in keyof T]: Awaited<T[K]> }>> {
  if (path.changeRequestId === undefined) {
    const found = await resolveSpace(c, path.spaceId, { extra });
    return {
      found,
      place: { spaceId: found.space.id, changeRequestId: null },
      pointer: mainPointer(found.space),
      extra: found.extra,
    };
  }
  const found = await resolveChangeRequest(c, path.spaceId, path.changeRequestId, { extra });
  return {
    found,
    place: { spaceId: found.space.id, changeRequestId: found.changeRequest.id },
    pointer: changeRequestPointer(found.space, found.changeRequest),
    extra: found.extra,
  };
}

/** Reads need `space:read` (every role that sees the space may read its comments). */
export function allowRead(found: ResolvedSpace): void {
  requireScope(found.caller, "space:read");
}

/** Posting, replying, reacting and resolving need `space:write` and the comment role. */
export function allowComment(found: ResolvedSpace, action: string): void {
  requireScope(found.caller, "space:write");
  requireRole(found.role, "comment", action);
}

/** The caller as a viewer of comments, with the body form they asked for (default markdown). */
export function viewerOf(found: ResolvedSpace, format?: "markdown" | "document"): CommentViewer {
  return { role: found.role, userId: found.caller.user.id, format: format ?? "markdown" };
}

/** A body input as the canonical JSON Document string comments store. */
export function storedBody(input: CommentBodyValue, field: string): string {
  return JSON.stringify(documentFromInput(input, field, { wantTitle: false }).document);
}

/** The caller's own columns, for presenting a row they just wrote without reading users. */
export function callerColumns(found: ResolvedSpace) {
  const user = found.caller.user;
  return { name: user.displayName, email: user.email, photo: user.photoURL };
}
