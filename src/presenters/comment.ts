import type { CommentRow, ReplyRow } from "../db/schema";
import { markdownOf } from "../content/documents";
import type { Urls } from "../http/urls";
import type { User } from "../api-document/common";
import type { Comment, CommentReply, Reaction } from "../api/comments";
import type { UserLike } from "../api/users";
import { presentUser } from "./user";

/** How the caller sees comments: the body form they asked for, and their permissions by author. */
export interface CommentView {
  format: "markdown" | "document";
  permissions: (postedBy: string) => Comment["permissions"];
}

/** A joined user's columns, as the comment statements select them (all null: user gone). */
interface UserColumns {
  name: string | null;
  email: string | null;
  photo: string | null;
}

/** A comment row with its poster's and resolver's columns. */
interface CommentItem {
  comment: CommentRow;
  poster: UserColumns;
  resolver: UserColumns;
}

/** A reply row with its poster's columns. */
interface ReplyItem {
  reply: ReplyRow;
  poster: UserColumns;
}

/** A reaction with its user's columns. */
interface ReactionItem {
  targetId: string;
  emoji: string;
  reactedAt: string;
  userId: string;
  user: UserColumns;
}

/** One replier of a comment: their reply count and latest reply time. */
interface ReplierItem {
  commentId: string;
  userId: string;
  count: number;
  updatedAt: string;
  user: UserColumns;
}

/** A user the rows name but the database no longer holds still presents as a User. */
function userOf(urls: Urls, id: string, u: UserColumns): User {
  const like: UserLike =
    u.name === null
      ? { id, displayName: "Unknown user", email: "", photoURL: null }
      : { id, displayName: u.name, email: u.email ?? "", photoURL: u.photo };
  return presentUser(urls, like);
}

/**
 * A stored body in the requested form. Markdown is the one written beside the body; a row from
 * before it was written (null) is rendered here the same way: without the trailing newline pages
 * carry.
 */
function bodyOf(row: { body: string; markdown: string | null }, format: CommentView["format"]) {
  if (format === "document") return { document: JSON.parse(row.body) as Record<string, unknown> };
  return { markdown: row.markdown ?? markdownOf(row.body).replace(/\n+$/, "") };
}

/** Reactions of one target grouped by emoji, in order of each emoji's first use. */
function presentReactions(urls: Urls, rows: readonly ReactionItem[]): Reaction[] {
  const byEmoji = new Map<string, Reaction>();
  for (const r of rows) {
    const group = byEmoji.get(r.emoji) ?? { emoji: r.emoji, count: 0, users: [] };
    group.count += 1;
    group.users.push({
      user: userOf(urls, r.userId, r.user),
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
function commentPath(row: { spaceId: string; changeRequestId: string | null; id: string }) {
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
  urls: Urls,
  view: CommentView,
  reactions: readonly ReactionItem[],
  repliers: readonly ReplierItem[],
) {
  const reactionsOf = groupBy(reactions, (r) => r.targetId);
  const repliersOf = groupBy(repliers, (r) => r.commentId);
  return (item: CommentItem): Comment => {
    const row = item.comment;
    const mine = (repliersOf.get(row.id) ?? [])
      .slice()
      .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
    const base = {
      object: "comment" as const,
      id: row.id,
      postedBy: userOf(urls, row.postedBy, item.poster),
      postedAt: row.postedAt,
      ...(row.editedAt !== null ? { editedAt: row.editedAt } : {}),
      reactions: presentReactions(urls, reactionsOf.get(row.id) ?? []),
      replies: mine.reduce((sum, r) => sum + Number(r.count), 0),
      repliers: mine.map((r) => ({
        updatedAt: r.updatedAt,
        count: Number(r.count),
        user: userOf(urls, r.userId, r.user),
      })),
      body: bodyOf(row, view.format),
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
      urls: { location: urls.api(commentPath(row)) },
      permissions: view.permissions(row.postedBy),
    };
    if (row.resolvedAt === null || row.resolvedBy === null) return { ...base, status: "open" };
    return {
      ...base,
      status: "resolved",
      resolvedAt: row.resolvedAt,
      resolvedBy: userOf(urls, row.resolvedBy, item.resolver),
    };
  };
}

/** A presenter for replies read in one batch, each with its reactions. */
export function replyPresenter(
  urls: Urls,
  view: CommentView,
  comment: { spaceId: string; changeRequestId: string | null; id: string },
  reactions: readonly ReactionItem[],
) {
  const reactionsOf = groupBy(reactions, (r) => r.targetId);
  const base = commentPath(comment);
  return (item: ReplyItem): CommentReply => {
    const row = item.reply;
    return {
      object: "comment-reply",
      id: row.id,
      postedBy: userOf(urls, row.postedBy, item.poster),
      postedAt: row.postedAt,
      ...(row.editedAt !== null ? { editedAt: row.editedAt } : {}),
      reactions: presentReactions(urls, reactionsOf.get(row.id) ?? []),
      body: bodyOf(row, view.format),
      urls: { location: urls.api(`${base}/replies/${row.id}`) },
      permissions: view.permissions(row.postedBy),
    };
  };
}
