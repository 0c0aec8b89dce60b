import type { Context } from "hono";
import type { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { nowIso } from "../../lib/clock";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { toListPage } from "../../lib/pagination";
import { urlsOf } from "../../lib/urls";
import { runPlan } from "../../db/plan";
import { replyPresenter } from "../../presenters/comment";
import {
  allowComment,
  allowDelete,
  allowEditBody,
  allowRead,
  resolveComment,
  resolvePlace,
  resolveReply,
  type PlacePath,
} from "../../auth/comment";
import { replyListPlan, replyPlan } from "../../services/comments/reads";
import {
  createReplyPlan,
  deleteReplyPlan,
  storedBody,
  updateReplyPlan,
} from "../../services/comments/writes";
import type { ListRepliesQuery, PostReplyBody, UpdateReplyBody } from "../../api/comments";
import { listCursor, viewOf, type Format } from "./common";

/** A reply's ids in the path. */
interface ReplyIds {
  commentId: string;
  replyId: string;
}

/** Lists a comment's replies, oldest first, in one round trip. */
export async function listReplies(
  c: Context<AppEnv>,
  path: PlacePath,
  commentId: string,
  q: z.output<typeof ListRepliesQuery>,
) {
  const scope = `comment-replies:${commentId}`;
  const after = await listCursor(c, path, scope, q.page);
  const list = replyListPlan(c.var.db, commentId, q.limit, after);
  const { found, place, comment, results } = await resolveComment(c, path, commentId, {
    with: list.statements,
  });
  allowRead(found);
  if (!comment) throw notFound("Comment");
  const { rows, count, reactions } = list.finish(results);
  const parent = { ...place, id: commentId };
  const body = await toListPage({
    secret: c.env.SIGNING_SECRET,
    scope,
    rows,
    limit: q.limit,
    count,
    key: (row) => [row.reply.postedAt, row.reply.id],
    present: replyPresenter(urlsOf(c), viewOf(found, q.format), parent, reactions),
  });
  return c.json(body, 200);
}

/** Reads one reply with its reactions in one round trip. */
export async function getReply(c: Context<AppEnv>, path: PlacePath, ids: ReplyIds, f: Format) {
  const read = replyPlan(c.var.db, path, ids);
  const { found, place, results } = await resolvePlace(c, path, { with: read.statements });
  allowRead(found);
  const { row, reactions } = read.finish(results);
  if (!row) throw notFound("Comment reply");
  const parent = { ...place, id: ids.commentId };
  return c.json(replyPresenter(urlsOf(c), viewOf(found, f), parent, reactions)(row), 200);
}

/** Posts a reply (comment role): access with the comment, then the guarded insert and read. */
export async function postReply(
  c: Context<AppEnv>,
  path: PlacePath,
  commentId: string,
  input: z.output<typeof PostReplyBody>,
  f: Format,
) {
  const { found, place, comment } = await resolveComment(c, path, commentId);
  allowComment(found, "reply to comments");
  if (!comment) throw notFound("Comment");
  const row = await runPlan(
    c.var.db,
    createReplyPlan(c.var.db, {
      id: newId(),
      commentId,
      postedBy: found.caller.user.id,
      postedAt: nowIso(),
      editedAt: null,
      body: storedBody(input.body, "body.body"),
    }),
  );
  if (!row) throw notFound("Comment");
  const parent = { ...place, id: commentId };
  return c.json(replyPresenter(urlsOf(c), viewOf(found, f), parent, [])(row), 200);
}

/** Updates a reply: the body (author only) and the caller's reactions (comment role). */
export async function putReply(
  c: Context<AppEnv>,
  path: PlacePath,
  ids: ReplyIds,
  input: z.output<typeof UpdateReplyBody>,
  f: Format,
) {
  const db = c.var.db;
  const { found, place, reply } = await resolveReply(c, path, ids);
  allowComment(found, "update replies");
  if (!reply) throw notFound("Comment reply");
  if (input.body !== undefined) allowEditBody(found, reply.postedBy, "reply");
  const { row, reactions } = await runPlan(
    db,
    updateReplyPlan(db, path, reply, found.caller.user.id, {
      body: input.body === undefined ? undefined : storedBody(input.body, "body.body"),
      added: [...new Set(input.addedReactions ?? [])],
      removed: [...new Set(input.removedReactions ?? [])],
    }),
  );
  if (!row) throw notFound("Comment reply");
  const parent = { ...place, id: ids.commentId };
  return c.json(replyPresenter(urlsOf(c), viewOf(found, f), parent, reactions)(row), 200);
}

/** Deletes a reply and its reactions: the author or a space admin; 204 also when absent. */
export async function removeReply(c: Context<AppEnv>, path: PlacePath, ids: ReplyIds) {
  const { found, reply } = await resolveReply(c, path, ids);
  allowComment(found, "delete replies");
  if (!reply) return c.body(null, 204);
  allowDelete(found, reply.postedBy, "reply");
  await runPlan(c.var.db, deleteReplyPlan(c.var.db, reply.id));
  return c.body(null, 204);
}
