import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { atLeast } from "../../lib/roles";
import { comments } from "../../db/schema";
import { nowIso } from "../../lib/clock";
import { forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { decodeCursor, toListPage, type CursorKey } from "../../lib/pagination";
import { replyPresenter } from "../../presenters/comment";
import { createReply, deleteReply, updateReply } from "../../services/comments/comments";
import {
  allowComment,
  allowRead,
  placeOfPath,
  resolvePlace,
  storedBody,
  viewerOf,
  type PlacePath,
} from "../../auth/comment";
import { replyListQueries, replyQueries } from "../../services/comments/reads";
import type { ListRepliesQuery, PostReplyBody, UpdateReplyBody } from "../../api/comments";

type Format = "markdown" | "document" | undefined;

/** The comment of the path, if it belongs to the place (a statement for the access batch). */
function commentInPlace(c: Context<AppEnv>, path: PlacePath, commentId: string) {
  return c.var.db
    .select({ id: comments.id })
    .from(comments)
    .where(and(placeOfPath(path), eq(comments.id, commentId)))
    .limit(1);
}

/** Lists a comment's replies, oldest first, in one round trip. */
export async function listReplies(
  c: Context<AppEnv>,
  path: PlacePath,
  commentId: string,
  q: z.output<typeof ListRepliesQuery>,
) {
  const scope = `comment-replies:${commentId}`;
  let after: CursorKey | undefined;
  try {
    after = q.page ? await decodeCursor(c.env.SIGNING_SECRET, scope, q.page) : undefined;
  } catch (err) {
    await resolvePlace(c, path, []);
    throw err;
  }
  const { found, place, extra } = await resolvePlace(c, path, [
    commentInPlace(c, path, commentId),
    ...replyListQueries(c.var.db, commentId, q.limit, after),
  ]);
  allowRead(found);
  const [parent, rows, total, reactions] = extra;
  if (!parent[0]) throw notFound("Comment");
  const comment = { ...place, id: commentId };
  const body = await toListPage({
    secret: c.env.SIGNING_SECRET,
    scope,
    rows,
    limit: q.limit,
    count: total[0]?.n ?? 0,
    key: (row) => [row.reply.postedAt, row.reply.id],
    present: replyPresenter(c, viewerOf(found, q.format), comment, reactions),
  });
  return c.json(body, 200);
}

/** Reads one reply with its reactions in one round trip. */
export async function getReply(
  c: Context<AppEnv>,
  path: PlacePath,
  ids: { commentId: string; replyId: string },
  f: Format,
) {
  const db = c.var.db;
  const queries = replyQueries(db, placeOfPath(path), ids.commentId, ids.replyId);
  const { found, place, extra } = await resolvePlace(c, path, queries);
  allowRead(found);
  const [rows, reactions] = extra;
  const row = rows[0];
  if (!row) throw notFound("Comment reply");
  const comment = { ...place, id: ids.commentId };
  return c.json(replyPresenter(c, viewerOf(found, f), comment, reactions)(row), 200);
}

/** Posts a reply (comment role): access with the comment, then the guarded insert and read. */
export async function postReply(
  c: Context<AppEnv>,
  path: PlacePath,
  commentId: string,
  input: z.output<typeof PostReplyBody>,
  f: Format,
) {
  const { found, place, extra } = await resolvePlace(c, path, [commentInPlace(c, path, commentId)]);
  allowComment(found, "reply to comments");
  if (!extra[0][0]) throw notFound("Comment");
  const rows = await createReply(c.var.db, {
    id: newId(),
    commentId,
    postedBy: found.caller.user.id,
    postedAt: nowIso(),
    editedAt: null,
    body: storedBody(input.body, "body.body"),
  });
  const row = rows[0];
  if (!row) throw notFound("Comment");
  const comment = { ...place, id: commentId };
  return c.json(replyPresenter(c, viewerOf(found, f), comment, [])(row), 200);
}

/** Updates a reply: the body (author only) and the caller's reactions (comment role). */
export async function putReply(
  c: Context<AppEnv>,
  path: PlacePath,
  ids: { commentId: string; replyId: string },
  input: z.output<typeof UpdateReplyBody>,
  f: Format,
) {
  const db = c.var.db;
  const [reply] = replyQueries(db, placeOfPath(path), ids.commentId, ids.replyId);
  const { found, place, extra } = await resolvePlace(c, path, [reply]);
  allowComment(found, "update replies");
  const current = extra[0][0]?.reply;
  if (!current) throw notFound("Comment reply");
  if (input.body !== undefined && current.postedBy !== found.caller.user.id) {
    throw forbidden("Only the author of a reply can edit its body");
  }
  const [rows, reactions] = await updateReply(
    db,
    current,
    found.caller.user.id,
    {
      body: input.body === undefined ? undefined : storedBody(input.body, "body.body"),
      added: [...new Set(input.addedReactions ?? [])],
      removed: [...new Set(input.removedReactions ?? [])],
    },
    replyQueries(db, placeOfPath(path), ids.commentId, ids.replyId),
  );
  const row = rows[0];
  if (!row) throw notFound("Comment reply");
  const comment = { ...place, id: ids.commentId };
  return c.json(replyPresenter(c, viewerOf(found, f), comment, reactions)(row), 200);
}

/** Deletes a reply and its reactions: the author or a space admin; 204 also when absent. */
export async function removeReply(
  c: Context<AppEnv>,
  path: PlacePath,
  ids: { commentId: string; replyId: string },
) {
  const db = c.var.db;
  const [reply] = replyQueries(db, placeOfPath(path), ids.commentId, ids.replyId);
  const { found, extra } = await resolvePlace(c, path, [reply]);
  allowComment(found, "delete replies");
  const current = extra[0][0]?.reply;
  if (!current) return c.body(null, 204);
  if (current.postedBy !== found.caller.user.id && !atLeast(found.role, "admin")) {
    throw forbidden("Only the author or a space admin can delete this reply");
  }
  await deleteReply(db, current.id);
  return c.body(null, 204);
}
