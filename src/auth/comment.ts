import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { commentReplies, comments } from "../db/schema";
import type { NoStatements, Results, Statements } from "../db/plan";
import { forbidden } from "../lib/errors";
import { atLeast } from "../lib/roles";
import type { ContentPointer } from "../content/pointer";
import { changeRequestPointer, mainPointer } from "../content/pointers";
import type { Comment } from "../api/comments";
import { requireRole, requireScope } from "./organization";
import { changeRequestIdSql, resolveChangeRequest } from "./change-request";
import { resolveSpace, type ResolvedSpace } from "./space";

/** The path of a comment list: a space, or one of its change requests by id or number. */
export interface PlacePath {
  spaceId: string;
  changeRequestId?: string;
}

/** Where comments live: a space's main content, or one change request (null: main). */
export interface CommentPlace {
  spaceId: string;
  changeRequestId: string | null;
}

/** A resolved place: the access check's result, where comments are stored, and its content. */
export interface ResolvedPlace<S extends Statements> {
  found: ResolvedSpace;
  place: CommentPlace;
  /** The content comments of this place target: main's head, or the change request's head. */
  pointer: ContentPointer;
  /** The results of the `with` statements, by name. */
  results: Results<S>;
}

/**
 * SQL matching the comments of a place. A change request addressed by id or number in a path is
 * given as SQL selecting its id, so the statement can join the access check's batch.
 */
export function placeSql(spaceId: string | SQL, changeRequestId: string | SQL | null): SQL {
  const space = eq(comments.spaceId, spaceId);
  if (changeRequestId === null) return and(space, isNull(comments.changeRequestId))!;
  return and(space, sql`${comments.changeRequestId} = (${changeRequestId})`)!;
}

/** SQL selecting the id of the path's change request (null: the space itself). */
function crOfPath(path: PlacePath): SQL | null {
  if (path.changeRequestId === undefined) return null;
  return changeRequestIdSql(path.spaceId, path.changeRequestId);
}

/**
 * SQL matching the comments of the place in the path, usable before the change request is
 * loaded (its id is a subquery on the id-or-number in the path).
 */
export function placeOfPath(path: PlacePath): SQL {
  return placeSql(path.spaceId, crOfPath(path));
}

/**
 * Loads the space (and the change request, when the path has one) with the caller's role and
 * the statements of `with` (results by name) in one round trip; invisible or absent is a 404.
 */
export async function resolvePlace<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  path: PlacePath,
  options: { with?: S } = {},
): Promise<ResolvedPlace<S>> {
  if (path.changeRequestId === undefined) {
    const { results, ...found } = await resolveSpace(c, path.spaceId, { with: options.with });
    return {
      found,
      place: { spaceId: found.space.id, changeRequestId: null },
      pointer: mainPointer(found.space),
      results,
    };
  }
  const { results, changeRequest, ...found } = await resolveChangeRequest(
    c,
    path.spaceId,
    path.changeRequestId,
    { with: options.with },
  );
  return {
    found,
    place: { spaceId: found.space.id, changeRequestId: changeRequest.id },
    pointer: changeRequestPointer(found.space, changeRequest),
    results,
  };
}

/** Splits a resolver's own statement (named `#...`) from the caller's results. */
function takeOwn<S extends Statements, T>(results: object, name: string) {
  const { [name]: own, ...rest } = results as Record<string, unknown>;
  return { own: own as T, rest: rest as Results<S> };
}

/**
 * Resolves the place with the comment of the path (its author; undefined when the comment is
 * not in the place) and the statements of `with`, in one round trip.
 */
export async function resolveComment<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  path: PlacePath,
  commentId: string,
  options: { with?: S } = {},
): Promise<ResolvedPlace<S> & { comment: { postedBy: string } | undefined }> {
  const own = c
    .get("db")
    .select({ postedBy: comments.postedBy })
    .from(comments)
    .where(and(placeOfPath(path), eq(comments.id, commentId)))
    .limit(1);
  const resolved = await resolvePlace(c, path, { with: { ...options.with, "#comment": own } });
  const { own: rows, rest } = takeOwn<S, { postedBy: string }[]>(resolved.results, "#comment");
  return { ...resolved, results: rest, comment: rows[0] };
}

/** A reply as access needs it: which comment it belongs to and who posted it. */
export interface ReplyRef {
  id: string;
  commentId: string;
  postedBy: string;
}

/**
 * Resolves the place with the reply of the path (undefined unless it belongs to the path's
 * comment in the place) and the statements of `with`, in one round trip.
 */
export async function resolveReply<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  path: PlacePath,
  ids: { commentId: string; replyId: string },
  options: { with?: S } = {},
): Promise<ResolvedPlace<S> & { reply: ReplyRef | undefined }> {
  const inPlace = sql`SELECT ${comments.id} FROM ${comments} WHERE ${and(placeOfPath(path), eq(comments.id, ids.commentId))}`;
  const own = c
    .get("db")
    .select({
      id: commentReplies.id,
      commentId: commentReplies.commentId,
      postedBy: commentReplies.postedBy,
    })
    .from(commentReplies)
    .where(
      and(eq(commentReplies.id, ids.replyId), sql`${commentReplies.commentId} IN (${inPlace})`),
    )
    .limit(1);
  const resolved = await resolvePlace(c, path, { with: { ...options.with, "#reply": own } });
  const { own: rows, rest } = takeOwn<S, ReplyRef[]>(resolved.results, "#reply");
  return { ...resolved, results: rest, reply: rows[0] };
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

/** Only the author of a comment or a reply edits its body. */
export function allowEditBody(found: ResolvedSpace, postedBy: string, what: "comment" | "reply") {
  if (postedBy !== found.caller.user.id) {
    throw forbidden(`Only the author of a ${what} can edit its body`);
  }
}

/** The author or a space admin deletes a comment or a reply. */
export function allowDelete(found: ResolvedSpace, postedBy: string, what: "comment" | "reply") {
  if (postedBy !== found.caller.user.id && !atLeast(found.role, "admin")) {
    throw forbidden(`Only the author or a space admin can delete this ${what}`);
  }
}

/** The `permissions` object of a comment or a reply. */
export type CommentPermissions = Comment["permissions"];

/**
 * The caller's permissions on a comment or reply by its author: every reader views; comment and
 * above reply and react; only the author edits the body; the author or a space admin deletes.
 */
export function commentPermissions(found: ResolvedSpace) {
  const canComment = atLeast(found.role, "comment");
  const admin = atLeast(found.role, "admin");
  return (postedBy: string): CommentPermissions => {
    const mine = found.caller.user.id === postedBy;
    return {
      view: true,
      edit: canComment && mine,
      reply: canComment,
      delete: canComment && (mine || admin),
    };
  };
}
