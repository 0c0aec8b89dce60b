import type { Context } from "hono";
import type { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { nowIso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { urlsOf } from "../../http/urls";
import { runPlan } from "../../db/plan";
import { commentPresenter } from "../../presenters/comment";
import { allowComment, resolveComment, resolvePlace, type PlacePath } from "../../auth/comment";
import { commentListPlan, commentPagePlan, commentPlan } from "../../services/comments/reads";
import {
  createCommentPlan,
  deleteCommentPlan,
  storedBody,
  updateCommentPlan,
} from "../../services/comments/writes";
import { checkTarget } from "../../services/comments/targets";
import type { ListCommentsQuery, PostCommentBody, UpdateCommentBody } from "../../api/comments";
import { COMMENTS, existing, readInPlace, viewOf } from "./read-steps";
import type { CommentParams, Format } from "./read-steps";
import { allowUpdate, deleteOwned, editsOf } from "./write-steps";

/**
 * Lists a place's comments: access, page and count in one round trip, then the page's reactions
 * and repliers.
 */
export async function listComments(
  c: Context<AppEnv>,
  path: PlacePath,
  q: z.output<typeof ListCommentsQuery>,
) {
  const cursors = COMMENTS.at(c, path, q.order);
  const after = await cursors.after(q.page);
  const filters = { status: q.status, targetPage: q.targetPage, authors: q.authors };
  const list = commentListPlan(c.get("db"), path, filters, {
    order: q.order,
    limit: q.limit,
    after,
  });
  const { found, read } = await readInPlace(c, path, list);
  const page = commentPagePlan(c.get("db"), read.page, q.limit);
  const { rows, reactions, repliers } = await runPlan(c.get("db"), page);
  const body = await cursors.page({
    rows,
    limit: q.limit,
    count: read.count,
    key: (row) => [row.comment.postedAt, row.comment.id],
    present: commentPresenter(urlsOf(c), viewOf(found, q.format), reactions, repliers),
  });
  return c.json(body, 200);
}

/** Reads one comment with its reactions and repliers in one round trip. */
export async function getComment(c: Context<AppEnv>, params: CommentParams, f: Format) {
  const { commentId: id, ...path } = params;
  const { found, read } = await readInPlace(c, path, commentPlan(c.get("db"), path, id));
  const row = existing(read.row, "comment");
  const present = commentPresenter(urlsOf(c), viewOf(found, f), read.reactions, read.repliers);
  return c.json(present(row), 200);
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
  const db = c.get("db");
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
      ...storedBody(input.body, "body.body"),
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
  params: CommentParams,
  input: z.output<typeof UpdateCommentBody>,
  f: Format,
) {
  const { commentId: id, ...path } = params;
  const db = c.get("db");
  const { found, place, comment } = await resolveComment(c, path, id);
  allowUpdate(found, comment, "comment", input);
  const { row, reactions, repliers } = await runPlan(
    db,
    updateCommentPlan(db, place, id, found.caller.user.id, {
      ...editsOf(input),
      resolved: input.resolved,
    }),
  );
  const present = commentPresenter(urlsOf(c), viewOf(found, f), reactions, repliers);
  return c.json(present(existing(row, "comment")), 200);
}

/**
 * Deletes a comment, its replies and their reactions: the author or a space admin. 204 also
 * when the comment does not exist (the space is visible).
 */
export async function removeComment(c: Context<AppEnv>, params: CommentParams) {
  const { commentId: id, ...path } = params;
  const { found, place, comment } = await resolveComment(c, path, id);
  return deleteOwned(c, found, comment, "comment", () => deleteCommentPlan(c.get("db"), place, id));
}
