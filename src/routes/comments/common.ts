import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { decodeCursor, type CursorKey } from "../../lib/pagination";
import { commentPermissions, resolvePlace, type PlacePath } from "../../auth/comment";
import type { ResolvedSpace } from "../../auth/space";
import type { CommentView } from "../../presenters/comment";

/** The body form a comment or reply is asked in (default markdown). */
export type Format = "markdown" | "document" | undefined;

/** How the caller sees comments: the body form they asked for and their permissions. */
export function viewOf(found: ResolvedSpace, format: Format): CommentView {
  return { format: format ?? "markdown", permissions: commentPermissions(found) };
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
