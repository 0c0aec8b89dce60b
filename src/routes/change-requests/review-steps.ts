import type { Context } from "hono";
import type { AppEnv } from "../../env";
import type { ResolvedSpace } from "../../auth/space";
import { runPlan } from "../../db/plan";
import { declareList, textPairKey } from "../../http/lists";
import { urlsOf } from "../../http/urls";
import type { Comment } from "../../api/comments";
import { commentPresenter } from "../../presenters/comment";
import { commentPagePlan } from "../../services/comments/reads";
import { viewOf, type Format } from "../comments/read-steps";

/** A change request's reviews page on (createdAt, id), newest first. */
export const REVIEWS = declareList(
  (spaceId: string, changeRequestId: string) => `cr-reviews:${spaceId}:${changeRequestId}`,
  textPairKey,
);

/** A change request's requested reviewers page on (requestedAt, userId), oldest first. */
export const REQUESTED_REVIEWERS = declareList(
  (spaceId: string, changeRequestId: string) => `cr-requested:${spaceId}:${changeRequestId}`,
  textPairKey,
);

/**
 * The reviews' comments presented as the comment operations present them (with their reactions
 * and repliers: one more round trip, only when there are comments), by id.
 */
export async function presentedComments(
  c: Context<AppEnv>,
  found: ResolvedSpace,
  rows: Parameters<typeof commentPagePlan>[1][number]["comment"][],
  format: Format,
): Promise<Map<string, Comment>> {
  if (rows.length === 0) return new Map();
  const page = commentPagePlan(
    c.get("db"),
    rows.map((comment) => ({ comment })),
    rows.length,
  );
  const read = await runPlan(c.get("db"), page);
  const present = commentPresenter(urlsOf(c), viewOf(found, format), read.reactions, read.repliers);
  return new Map(read.rows.map((row) => [row.comment.id, present(row)]));
}
