import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { decodeCursor, toListPage, type CursorKey } from "../../http/pagination";
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

/**
 * A list's cursor; a bad one is a 400 only after authentication and the place's visibility
 * (a bad cursor is no reason to skip the 401/404).
 */
export async function listCursor(
  c: Context<AppEnv>,
  path: PlacePath,
  scope: string,
  page: string | undefined,
): Promise<CursorKey | undefined> {
  try {
    return page ? await decodeCursor(c.env.SIGNING_SECRET, scope, page) : undefined;
  } catch (err) {
    await resolvePlace(c, path);
    throw err;
  }
}

/** A page of comments or replies as `toListPage` takes it (the secret and scope aside). */
interface Page<Row, Item> {
  rows: Row[];
  limit: number;
  count: number;
  key: (row: Row) => CursorKey;
  present: (row: Row) => Item;
}

/** The LIST response of a page of comments or replies, its cursors signed for `scope`. */
export async function listResponse<Row, Item>(
  c: Context<AppEnv>,
  scope: string,
  page: Page<Row, Item>,
) {
  return c.json(await toListPage({ secret: c.env.SIGNING_SECRET, scope, ...page }), 200);
}

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
