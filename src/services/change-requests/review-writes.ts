import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { ChangeRequestReviewStatus, ChangeRequestRow } from "../../db/schema";
import { changeRequestReviewers, changeRequestReviews, orgMembers } from "../../db/schema/index";
import { plan, runPlan, runStatements } from "../../db/plan";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { conflict, RefusedValue, UnknownReference } from "../../lib/errors";
import type { CommentRow } from "../../db/schema";
import { createCommentPlan, type StoredBody } from "../comments/writes";
import { updateChangeRequest, type ChangeRequestPatch } from "./change-requests";
import { reviewById, reviewItems, requestedItems, requestedOfUsers } from "./review-reads";

/** A change request that still takes reviews and review requests: neither merged nor archived. */
function requireReviewable(cr: ChangeRequestRow, what: string): void {
  if (cr.status === "merged" || cr.status === "archived") {
    throw conflict(`This change request is ${cr.status}: ${what}`);
  }
}

/** A review to submit: who, the decision, and the comment posted with it (stored form). */
interface ReviewInput {
  reviewerId: string;
  status: ChangeRequestReviewStatus;
  comment?: StoredBody;
}

/**
 * Submits a review of the change request's head revision in one batch: the comment (a general
 * comment on the change request, counted like any other) when there is one, the review with
 * whoever requested it (the reviewer's request, if any), and the review read back.
 */
export async function submitReview(db: Database, cr: ChangeRequestRow, input: ReviewInput) {
  requireReviewable(cr, "it takes no more reviews");
  const now = nowIso();
  const id = newId();
  const commentId = input.comment ? newId() : null;
  const place = { spaceId: cr.spaceId, changeRequestId: cr.id };
  const comment = input.comment
    ? createCommentPlan(db, place, {
        id: commentId!,
        spaceId: cr.spaceId,
        changeRequestId: cr.id,
        postedBy: input.reviewerId,
        postedAt: now,
        editedAt: null,
        ...input.comment,
        revisionId: cr.revisionId,
        resolvedAt: null,
        resolvedBy: null,
      }).statements
    : {};
  const requester = sql`(SELECT ${changeRequestReviewers.requestedBy} FROM ${changeRequestReviewers}
    WHERE ${changeRequestReviewers.changeRequestId} = ${cr.id}
      AND ${changeRequestReviewers.userId} = ${input.reviewerId})`;
  const results = await runStatements(db, {
    ...comment,
    insert: db.insert(changeRequestReviews).values({
      id,
      changeRequestId: cr.id,
      reviewerId: input.reviewerId,
      requestedBy: requester,
      status: input.status,
      revisionId: cr.revisionId,
      commentId,
      createdAt: now,
    }),
    review: reviewById(db, id),
  });
  const written = (results as { comment?: CommentRow[] }).comment?.[0];
  return { item: reviewItems(results.review)[0]!, comment: written };
}

/** A review request: who asks, and the change request's optional subject and description. */
interface ReviewRequest {
  users: string[];
  requestedBy: string;
  patch: Pick<ChangeRequestPatch, "subject" | "description">;
}

/**
 * Asks users to review the change request: each must be an enabled member of the organization
 * and not the change request's author (400 naming the entry). The subject and description given
 * are set first (`updateChangeRequest`); then one batch writes the requests (a
 * user asked again is asked anew: the request's time, requester and revision move, so their
 * earlier reviews become outdated) and reads them back.
 */
export async function requestReviewers(
  db: Database,
  organizationId: string,
  cr: ChangeRequestRow,
  input: ReviewRequest,
) {
  requireReviewable(cr, "reviews cannot be requested");
  const wanted = [...new Set(input.users)];
  const members = await db
    .select({ id: orgMembers.userId })
    .from(orgMembers)
    .where(
      and(
        eq(orgMembers.organizationId, organizationId),
        eq(orgMembers.disabled, false),
        inArray(orgMembers.userId, wanted),
      ),
    );
  const known = new Set(members.map((m) => m.id));
  input.users.forEach((user, i) => {
    if (!known.has(user)) {
      throw new UnknownReference(`users[${i}]`, "not a member of this organization");
    }
    if (user === cr.createdBy) {
      throw new RefusedValue(`users[${i}]`, "the change request's author cannot review it");
    }
  });
  const updated = await updateChangeRequest(db, cr, input.patch);
  const now = nowIso();
  const asked = { requestedAt: now, requestedBy: input.requestedBy, revisionId: cr.revisionId };
  // One row per user from a JSON array (a VALUES list would bind 5 parameters per user); the
  // WHERE lets SQLite read the ON CONFLICT clause as the upsert's.
  const rows = sql`SELECT ${cr.id}, value, ${now}, NULL, ${input.requestedBy}, ${cr.revisionId}
    FROM json_each(${JSON.stringify(wanted)}) WHERE 1`;
  const write = plan(
    {
      upsert: db
        .insert(changeRequestReviewers)
        .select(rows)
        .onConflictDoUpdate({
          target: [changeRequestReviewers.changeRequestId, changeRequestReviewers.userId],
          set: { ...asked, approvedAt: null },
        }),
      requested: requestedOfUsers(db, cr.id, wanted),
    },
    (r) => requestedItems(r.requested),
  );
  return { changeRequest: updated, requested: await runPlan(db, write) };
}

/** Removes a requested reviewer; true when there was one to remove. */
export async function removeRequestedReviewer(
  db: Database,
  cr: ChangeRequestRow,
  userId: string,
): Promise<boolean> {
  const removed = await db
    .delete(changeRequestReviewers)
    .where(
      and(
        eq(changeRequestReviewers.changeRequestId, cr.id),
        eq(changeRequestReviewers.userId, userId),
      ),
    )
    .returning({ userId: changeRequestReviewers.userId });
  return removed.length > 0;
}
