import type { Context } from "hono";
import type { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { nowIso } from "../../lib/clock";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { toListPage } from "../../lib/pagination";
import { urlsOf } from "../../lib/urls";
import { runPlan } from "../../db/plan";
import { commentPresenter } from "../../presenters/comment";
import {
  allowComment,
  allowDelete,
  allowEditBody,
  allowRead,
  resolveComment,
  resolvePlace,
  type PlacePath,
} from "../../auth/comment";
import { commentListPlan, commentPagePlan, commentPlan } from "../../services/comments/reads";
import {
  createCommentPlan,
  deleteCommentPlan,
  storedBody,
  updateCommentPlan,
} from "../../services/comments/writes";
import { checkTarget } from "../../services/comments/targets";
import type { ListCommentsQuery, PostCommentBody, UpdateCommentBody } from "../../api/comments";
import { listCursor, viewOf, type Format } from "./common";

/** Lists a place's comments: access, page and count in one round trip, then the page's reactions and repliers. */
export async function listComments(
  c: Context<AppEnv>,
  path: PlacePath,
  q: z.output<typeof ListCommentsQuery>,
) {
  const scope = `comments:${path.spaceId}:${path.changeRequestId ?? "main"}:${q.order}`;
  const after = await listCursor(c, path, scope, q.page);
  const filters = { status: q.status, targetPage: q.targetPage, authors: q.authors };
  const list = commentListPlan(c.var.db, path, filters, { order: q.order, limit: q.limit, after });
  const { found, results } = await resolvePlace(c, path, { with: list.statements });
  allowRead(found);
  const { page, count } = list.finish(results);
  const { rows, reactions, repliers } = await runPlan(
    c.var.db,
    commentPagePlan(c.var.db, page, q.limit),
  );
  const body = await toListPage({
    secret: c.env.SIGNING_SECRET,
    scope,
    rows,
    limit: q.limit,
    count,
    key: (row) => [row.comment.postedAt, row.comment.id],
    present: commentPresenter(urlsOf(c), viewOf(found, q.format), reactions, repliers),
  });
  return c.json(body, 200);
}

/** Reads one comment with its reactions and repliers in one round trip. */
export async function getComment(c: Context<AppEnv>, path: PlacePath, id: string, f: Format) {
  const read = commentPlan(c.var.db, path, id);
  const { found, results } = await resolvePlace(c, path, { with: read.statements });
  allowRead(found);
  const { row, reactions, repliers } = read.finish(results);
  if (!row) throw notFound("Comment");
  return c.json(commentPresenter(urlsOf(c), viewOf(found, f), reactions, repliers)(row), 200);
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
  const { found, place, pointer } = await resolvePlace(c, path);
  allowComment(found, "comment here");
  const target = await checkTarget(db, pointer, input);
  const user = found.caller.user;
  const row = await runPlan(
    db,
    createCommentPlan(db, place, {
      id: newId(),
      spaceId: place.spaceId,
      changeRequestId: place.changeRequestId,
      postedBy: user.id,
      postedAt: nowIso(),
      editedAt: null,
      body: storedBody(input.body, "body.body"),
      revisionId: pointer.revisionId,
      ...target,
      resolvedAt: null,
      resolvedBy: null,
    }),
  );
  // The caller's own columns: a row they just wrote is presented without reading users.
  const item = {
    comment: row,
    poster: { name: user.displayName, email: user.email, photo: user.photoURL },
    resolver: { name: null, email: null, photo: null },
  };
  return c.json(commentPresenter(urlsOf(c), viewOf(found, f), [], [])(item), 200);
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
  const { found, place, comment } = await resolveComment(c, path, id);
  allowComment(found, "update comments");
  if (!comment) throw notFound("Comment");
  if (input.body !== undefined) allowEditBody(found, comment.postedBy, "comment");
  const { row, reactions, repliers } = await runPlan(
    db,
    updateCommentPlan(db, place, id, found.caller.user.id, {
      body: input.body === undefined ? undefined : storedBody(input.body, "body.body"),
      resolved: input.resolved,
      added: [...new Set(input.addedReactions ?? [])],
      removed: [...new Set(input.removedReactions ?? [])],
    }),
  );
  if (!row) throw notFound("Comment");
  return c.json(commentPresenter(urlsOf(c), viewOf(found, f), reactions, repliers)(row), 200);
}

/**
 * Deletes a comment, its replies and their reactions: the author or a space admin. 204 also
 * when the comment does not exist (the space is visible).
 */
export async function removeComment(c: Context<AppEnv>, path: PlacePath, id: string) {
  const { found, place, comment } = await resolveComment(c, path, id);
  allowComment(found, "delete comments");
  if (!comment) return c.body(null, 204);
  allowDelete(found, comment.postedBy, "comment");
  await runPlan(c.var.db, deleteCommentPlan(c.var.db, place, id));
  return c.body(null, 204);
}
