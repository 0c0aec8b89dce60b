import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { atLeast } from "../../lib/roles";
import { comments } from "../../db/schema";
import { nowIso } from "../../lib/clock";
import { forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { decodeCursor, toListPage, type CursorKey } from "../../lib/pagination";
import { commentPresenter } from "../../presenters/comment";
import {
  createComment,
  deleteComment,
  updateComment,
  type CommentRowsResult,
} from "../../services/comments/comments";
import {
  allowComment,
  allowRead,
  callerColumns,
  placeCountQuery,
  placeOfPath,
  resolvePlace,
  storedBody,
  viewerOf,
  type PlacePath,
} from "../../auth/comment";
import type { ListCommentsQuery, PostCommentBody, UpdateCommentBody } from "../../api/comments";
import {
  commentListQueries,
  commentQueries,
  pageExtras,
  placeSql,
} from "../../services/comments/reads";
import { checkTarget } from "../../services/comments/targets";
import type { z } from "@hono/zod-openapi";

type Format = "markdown" | "document" | undefined;

/** Lists a place's comments: access, page and count in one round trip, then the page's reactions and repliers. */
export async function listComments(
  c: Context<AppEnv>,
  path: PlacePath,
  q: z.output<typeof ListCommentsQuery>,
) {
  const scope = `comments:${path.spaceId}:${path.changeRequestId ?? "main"}:${q.order}`;
  let after: CursorKey | undefined;
  try {
    after = q.page ? await decodeCursor(c.env.SIGNING_SECRET, scope, q.page) : undefined;
  } catch (err) {
    // Authenticate and check visibility first: a bad cursor is no reason to skip the 401/404.
    await resolvePlace(c, path, []);
    throw err;
  }
  const filters = { status: q.status, targetPage: q.targetPage, authors: q.authors };
  const options = { order: q.order, limit: q.limit, after };
  const { found, extra } = await resolvePlace(
    c,
    path,
    commentListQueries(
      c.var.db,
      placeOfPath(path),
      filters,
      options,
      placeCountQuery(c.var.db, path, q.status),
    ),
  );
  allowRead(found);
  const [page, total] = extra;
  const { rows, reactions, repliers } = await pageExtras(c.var.db, page.slice(0, q.limit));
  const body = await toListPage({
    secret: c.env.SIGNING_SECRET,
    scope,
    // One row past the page tells toListPage there is a next page; it is never presented.
    rows:
      page.length > q.limit ? [...rows, { ...rows[0]!, comment: page[q.limit]!.comment }] : rows,
    limit: q.limit,
    count: total[0]?.n ?? 0,
    key: (row) => [row.comment.postedAt, row.comment.id],
    present: commentPresenter(c, viewerOf(found, q.format), reactions, repliers),
  });
  return c.json(body, 200);
}

/** Reads one comment with its reactions and repliers in one round trip. */
export async function getComment(c: Context<AppEnv>, path: PlacePath, id: string, f: Format) {
  const db = c.var.db;
  const { found, extra } = await resolvePlace(c, path, commentQueries(db, placeOfPath(path), id));
  allowRead(found);
  const [rows, reactions, repliers] = extra;
  const row = rows[0];
  if (!row) throw notFound("Comment");
  return c.json(commentPresenter(c, viewerOf(found, f), reactions, repliers)(row), 200);
}

/**
 * Posts a comment: access (1), the target checked against the place's content (2, only with a
 * target), the insert and the open counter in one batch (3).
 */
export async function postComment(
  c: Context<AppEnv>,
  path: PlacePath,
  input: z.output<typeof PostCommentBody>,
  f: Format,
) {
  const db = c.var.db;
  const { found, place, pointer } = await resolvePlace(c, path, []);
  allowComment(found, "comment here");
  const target = await checkTarget(db, pointer, input);
  const row = await createComment(db, place, {
    id: newId(),
    spaceId: place.spaceId,
    changeRequestId: place.changeRequestId,
    postedBy: found.caller.user.id,
    postedAt: nowIso(),
    editedAt: null,
    body: storedBody(input.body, "body.body"),
    revisionId: pointer.revisionId,
    ...target,
    resolvedAt: null,
    resolvedBy: null,
  });
  const item: CommentRowsResult[number] = {
    comment: row,
    poster: callerColumns(found),
    resolver: { name: null, email: null, photo: null },
  };
  return c.json(commentPresenter(c, viewerOf(found, f), [], [])(item), 200);
}

/**
 * Updates a comment: the body (author only), resolved (comment role), the caller's reactions
 * (comment role). Two round trips: access with the comment, then the writes and the read-back.
 */
export async function putComment(
  c: Context<AppEnv>,
  path: PlacePath,
  id: string,
  input: z.output<typeof UpdateCommentBody>,
  f: Format,
) {
  const db = c.var.db;
  const author = db
    .select({ postedBy: comments.postedBy })
    .from(comments)
    .where(and(placeOfPath(path), eq(comments.id, id)))
    .limit(1);
  const { found, place, extra } = await resolvePlace(c, path, [author]);
  allowComment(found, "update comments");
  const current = extra[0][0];
  if (!current) throw notFound("Comment");
  if (input.body !== undefined && current.postedBy !== found.caller.user.id) {
    throw forbidden("Only the author of a comment can edit its body");
  }
  const reads = commentQueries(db, placeSql(place.spaceId, place.changeRequestId), id);
  const [rows, reactions, repliers] = await updateComment(
    db,
    place,
    id,
    found.caller.user.id,
    {
      body: input.body === undefined ? undefined : storedBody(input.body, "body.body"),
      resolved: input.resolved,
      added: [...new Set(input.addedReactions ?? [])],
      removed: [...new Set(input.removedReactions ?? [])],
    },
    reads,
  );
  const row = rows[0];
  if (!row) throw notFound("Comment");
  return c.json(commentPresenter(c, viewerOf(found, f), reactions, repliers)(row), 200);
}

/**
 * Deletes a comment, its replies and their reactions: the author or a space admin. 204 also
 * when the comment does not exist (the space is visible).
 */
export async function removeComment(c: Context<AppEnv>, path: PlacePath, id: string) {
  const db = c.var.db;
  const author = db
    .select({ postedBy: comments.postedBy })
    .from(comments)
    .where(and(placeOfPath(path), eq(comments.id, id)))
    .limit(1);
  const { found, place, extra } = await resolvePlace(c, path, [author]);
  allowComment(found, "delete comments");
  const current = extra[0][0];
  if (!current) return c.body(null, 204);
  if (current.postedBy !== found.caller.user.id && !atLeast(found.role, "admin")) {
    throw forbidden("Only the author or a space admin can delete this comment");
  }
  await deleteComment(db, place, id);
  return c.body(null, 204);
}
