import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { declareList, textPairKey } from "../../http/lists";
import type { Plan, Statements } from "../../db/plan";
import { allowRead, commentPermissions, resolvePlace, type PlacePath } from "../../auth/comment";
import type { ResolvedSpace } from "../../auth/space";
import type { CommentView } from "../../presenters/comment";

/** The body form a comment or reply is asked in (default markdown). */
export type Format = "markdown" | "document" | undefined;

/** The path params of one comment: its place and its id. */
export interface CommentParams extends PlacePath {
  commentId: string;
}

/** What the handlers act on: a comment or a reply. */
export type Kind = "comment" | "reply";

/** A kind's plural in the role errors, and its name in a 404. */
export const NAMES = {
  comment: { plural: "comments", missing: "Comment" },
  reply: { plural: "replies", missing: "Comment reply" },
} as const;

/** How the caller sees comments: the body form they asked for and their permissions. */
export function viewOf(found: ResolvedSpace, format: Format): CommentView {
  return { format: format ?? "markdown", permissions: commentPermissions(found) };
}

/** The comment or reply the path named, or a 404 when it is not there. */
export function existing<T>(value: T | undefined, kind: Kind): T {
  if (value === undefined) throw notFound(NAMES[kind].missing);
  return value;
}

/** A place's comments page on (postedAt, id), per order. */
export const COMMENTS = declareList(
  (path: PlacePath, order: string) =>
    `comments:${path.spaceId}:${path.changeRequestId ?? "main"}:${order}`,
  textPairKey,
);

/** A comment's replies page on (postedAt, id), oldest first. */
export const REPLIES = declareList(
  (commentId: string) => `comment-replies:${commentId}`,
  textPairKey,
);

/**
 * Runs a read plan in the batch of the place's access check (one round trip; reads need
 * `space:read`) and finishes it.
 */
export async function readInPlace<S extends Statements, T>(
  c: Context<AppEnv>,
  path: PlacePath,
  read: Plan<S, T>,
) {
  const { results, ...resolved } = await resolvePlace(c, path, { with: read.statements });
  allowRead(resolved.found);
  return { ...resolved, read: read.finish(results) };
}
