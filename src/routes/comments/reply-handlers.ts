import type { Context } from "hono";
import type { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { nowIso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { urlsOf } from "../../http/urls";
import { runPlan } from "../../db/plan";
import { replyPresenter } from "../../presenters/comment";
import {
  allowComment,
  allowRead,
  resolveComment,
  resolveReply,
  type CommentPlace,
} from "../../auth/comment";
import type { ResolvedSpace } from "../../auth/space";
import { replyListPlan, replyPlan } from "../../services/comments/reads";
import {
  createReplyPlan,
  deleteReplyPlan,
  storedBody,
  updateReplyPlan,
} from "../../services/comments/writes";
import type { ListRepliesQuery, PostReplyBody, UpdateReplyBody } from "../../api/comments";
import { existing, readInPlace, REPLIES, viewOf } from "./read-steps";
import type { CommentParams, Format } from "./read-steps";
import { allowUpdate, deleteOwned, editsOf } from "./write-steps";

/** The path params of one reply: its comment's, and its id. */
interface ReplyParams extends CommentParams {
  commentReplyId: string;
}

/** A reply's path params as the resolvers take them: the place, and the reply's ids. */
function split({ commentId, commentReplyId, ...path }: ReplyParams) {
  return { path, ids: { commentId, replyId: commentReplyId } };
}

/** The replies' presenter: the caller's view in `format`, under their comment in the place. */
function presenter(
  c: Context<AppEnv>,
  found: ResolvedSpace,
  comment: CommentPlace & { id: string },
  format: Format,
  reactions: Parameters<typeof replyPresenter>[3] = [],
) {
  return replyPresenter(urlsOf(c), viewOf(found, format), comment, reactions);
}

/** Lists a comment's replies, oldest first, in one round trip. */
export async function listReplies(
  c: Context<AppEnv>,
  params: CommentParams,
  q: z.output<typeof ListRepliesQuery>,
) {
  const { commentId, ...path } = params;
  const cursors = REPLIES.at(c, commentId);
  const after = await cursors.after(q.page);
  const list = replyListPlan(c.get("db"), commentId, q.limit, after);
  const { found, place, comment, results } = await resolveComment(c, path, commentId, {
    with: list.statements,
  });
  allowRead(found);
  existing(comment, "comment");
  const { rows, count, reactions } = list.finish(results);
  const body = await cursors.page({
    rows,
    limit: q.limit,
    count,
    key: (row) => [row.reply.postedAt, row.reply.id],
    present: presenter(c, found, { ...place, id: commentId }, q.format, reactions),
  });
  return c.json(body, 200);
}

/** Reads one reply with its reactions in one round trip. */
export async function getReply(c: Context<AppEnv>, params: ReplyParams, f: Format) {
  const { path, ids } = split(params);
  const { found, place, read } = await readInPlace(c, path, replyPlan(c.get("db"), path, ids));
  const row = existing(read.row, "reply");
  const present = presenter(c, found, { ...place, id: ids.commentId }, f, read.reactions);
  return c.json(present(row), 200);
}

/** Posts a reply (comment role): access with the comment, then the guarded insert and read. */
export async function postReply(
  c: Context<AppEnv>,
  params: CommentParams,
  input: z.output<typeof PostReplyBody>,
  f: Format,
) {
  const { commentId, ...path } = params;
  const { found, place, comment } = await resolveComment(c, path, commentId);
  allowComment(found, "reply to comments");
  existing(comment, "comment");
  const row = await runPlan(
    c.get("db"),
    createReplyPlan(c.get("db"), {
      id: newId(),
      commentId,
      postedBy: found.caller.user.id,
      postedAt: nowIso(),
      editedAt: null,
      ...storedBody(input.body, "body.body"),
    }),
  );
  const present = presenter(c, found, { ...place, id: commentId }, f);
  return c.json(present(existing(row, "comment")), 200);
}

/** Updates a reply: the body (author only) and the caller's reactions (comment role). */
export async function putReply(
  c: Context<AppEnv>,
  params: ReplyParams,
  input: z.output<typeof UpdateReplyBody>,
  f: Format,
) {
  const { path, ids } = split(params);
  const db = c.get("db");
  const { found, place, reply } = await resolveReply(c, path, ids);
  const owned = allowUpdate(found, reply, "reply", input);
  const { row, reactions } = await runPlan(
    db,
    updateReplyPlan(db, path, owned, found.caller.user.id, editsOf(input)),
  );
  const present = presenter(c, found, { ...place, id: ids.commentId }, f, reactions);
  return c.json(present(existing(row, "reply")), 200);
}

/** Deletes a reply and its reactions: the author or a space admin; 204 also when absent. */
export async function removeReply(c: Context<AppEnv>, params: ReplyParams) {
  const { path, ids } = split(params);
  const { found, reply } = await resolveReply(c, path, ids);
  return deleteOwned(c, found, reply, "reply", (r) => deleteReplyPlan(c.get("db"), r.id));
}
