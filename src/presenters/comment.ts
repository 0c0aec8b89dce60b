import type { Context } from "hono";
import type { AppEnv } from "../env";
import { atLeast, type MemberRole } from "../lib/roles";
import { markdownOf } from "../content/documents";
import { apiUrl } from "../lib/urls";
import type { Comment, CommentReply, Reaction } from "../api/comments";
import type {
  CommentRowsResult,
  ReactionRows,
  ReplierRows,
  ReplyRowsResult,
} from "../services/comments/comments";
import { presentUser, type UserLike } from "./user";

/** Who is looking, and in which form bodies are wanted: permissions are computed for them. */
export interface CommentViewer {
  role: MemberRole;
  userId: string;
  format: "markdown" | "document";
}

/** A joined user's columns, as the comment statements select them (all null: user gone). */
interface UserColumns {
  name: string | null;
  email: string | null;
  photo: string | null;
}

/** A user the rows name but the database no longer holds still presents as a User. */
function userOf(c: Context<AppEnv>, id: string, u: UserColumns) {
  const like: UserLike =
    u.name === null
      ? { id, displayName: "Unknown user", email: "", photoURL: null }
      : { id, displayName: u.name, email: u.email ?? "", photoURL: u.photo };
  return presentUser(c, like);
}

/** A stored body in the requested form; markdown without the trailing newline pages carry. */
function bodyOf(body: string, format: CommentViewer["format"]) {
  return format === "document"
    ? { document: JSON.parse(body) as Record<string, unknown> }
    : { markdown: markdownOf(body).replace(/\n+$/, "") };
}

/**
 * A comment's or reply's permissions: every reader views; comment and above reply and react; only
 * the author edits the body; the author or a space admin deletes.
 */
export function commentPermissions(viewer: CommentViewer, postedBy: string) {
  const canComment = atLeast(viewer.role, "comment");
  const mine = viewer.userId === postedBy;
  return {
    view: true,
    edit: canComment && mine,
    reply: canComment,
    delete: canComment && (mine || atLeast(viewer.role, "admin")),
  };
}

/** Reactions of one target grouped by emoji, in order of each emoji's first use. */
function presentReactions(c: Context<AppEnv>, rows: ReactionRows): Reaction[] {
  const byEmoji = new Map<string, Reaction>();
  for (const r of rows) {
    const group = byEmoji.get(r.emoji) ?? { emoji: r.emoji, count: 0, users: [] };
    group.count += 1;
    group.users.push({
      user: userOf(c, r.userId, r.user),
      reactedAt: r.reactedAt,
    });
    byEmoji.set(r.emoji, group);
  }
  return [...byEmoji.values()];
}

/** Groups rows by a key, keeping their order. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(key(row)) ?? [];
    list.push(row);
    out.set(key(row), list);
  }
  return out;
}

/** The API path of a comment, under its space or its change request (by id). */
export function commentPath(row: { spaceId: string; changeRequestId: string | null; id: string }) {
  const base = row.changeRequestId
    ? `/spaces/${row.spaceId}/change-requests/${row.changeRequestId}`
    : `/spaces/${row.spaceId}`;
  return `${base}/comments/${row.id}`;
}

/**
 * A presenter for comments read in one batch: each comment picks its reactions and repliers
 * from the batch's rows. `replies` is the exact sum of the repliers' counts.
 */
export function commentPresenter(
  c: Context<AppEnv>,
  viewer: CommentViewer,
  reactions: ReactionRows,
  repliers: ReplierRows,
) {
  const reactionsOf = groupBy(reactions, (r) => r.targetId);
  const repliersOf = groupBy(repliers, (r) => r.commentId);
  return (item: CommentRowsResult[number]): Comment => {
    const row = item.comment;
    const mine = (repliersOf.get(row.id) ?? [])
      .slice()
      .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
    const base = {
      object: "comment" as const,
      id: row.id,
      postedBy: userOf(c, row.postedBy, item.poster),
      postedAt: row.postedAt,
      ...(row.editedAt !== null ? { editedAt: row.editedAt } : {}),
      reactions: presentReactions(c, reactionsOf.get(row.id) ?? []),
      replies: mine.reduce((sum, r) => sum + Number(r.count), 0),
      repliers: mine.map((r) => ({
        updatedAt: r.updatedAt,
        count: Number(r.count),
        user: userOf(c, r.userId, r.user),
      })),
      body: bodyOf(row.body, viewer.format),
      target: {
        ...(row.targetNode !== null ? { node: { id: row.targetNode } } : {}),
        ...(row.tableRecord !== null && row.tableDefinition !== null
          ? { tableCell: { record: row.tableRecord, definition: row.tableDefinition } }
          : {}),
        ...(row.changeRequestId !== null ? { changeRequest: row.changeRequestId } : {}),
        ...(row.targetPage !== null ? { page: { id: row.targetPage } } : {}),
        space: row.spaceId,
        revision: row.revisionId,
      },
      urls: { location: apiUrl(c, commentPath(row)) },
      permissions: commentPermissions(viewer, row.postedBy),
    };
    if (row.resolvedAt === null || row.resolvedBy === null) return { ...base, status: "open" };
    return {
      ...base,
      status: "resolved",
      resolvedAt: row.resolvedAt,
      resolvedBy: userOf(c, row.resolvedBy, item.resolver),
    };
  };
}

/** A presenter for replies read in one batch, each with its reactions. */
export function replyPresenter(
  c: Context<AppEnv>,
  viewer: CommentViewer,
  comment: { spaceId: string; changeRequestId: string | null; id: string },
  reactions: ReactionRows,
) {
  const reactionsOf = groupBy(reactions, (r) => r.targetId);
  const base = commentPath(comment);
  return (item: ReplyRowsResult[number]): CommentReply => {
    const row = item.reply;
    return {
      object: "comment-reply",
      id: row.id,
      postedBy: userOf(c, row.postedBy, item.poster),
      postedAt: row.postedAt,
      ...(row.editedAt !== null ? { editedAt: row.editedAt } : {}),
      reactions: presentReactions(c, reactionsOf.get(row.id) ?? []),
      body: bodyOf(row.body, viewer.format),
      urls: { location: apiUrl(c, `${base}/replies/${row.id}`) },
      permissions: commentPermissions(viewer, row.postedBy),
    };
  };
}
