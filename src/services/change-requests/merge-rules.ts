import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { ChangeRequestRow, OrganizationRow, SpaceRow } from "../../db/schema";
import { changeRequestReviews, type MergeRules } from "../../db/schema/index";
import { conflict } from "../../lib/errors";
import { outdatedSql } from "./review-reads";

/**
 * The merge rules a space's merges follow: its own, or its organization's when it inherits (the
 * organization row the access check already read: no round trip of its own).
 */
export function effectiveMergeRules(
  space: Pick<SpaceRow, "mergeRules">,
  org: Pick<OrganizationRow, "mergeRules">,
): MergeRules {
  return space.mergeRules.type === "inherit" ? org.mergeRules : space.mergeRules;
}

/**
 * Refuses a merge (409) the merge rules do not allow: under `require_specific_reviewers`, each
 * named user must have approved the change request's latest content (an approval that is not
 * outdated: on the head revision, and their latest review). The author is exempt from the
 * rules naming them, since an author cannot review their own change request.
 */
export async function checkMergeRules(
  db: Database,
  rules: MergeRules,
  cr: ChangeRequestRow,
): Promise<void> {
  if (rules.type !== "rules") return;
  const named = [...new Set(rules.rules.flatMap((r) => r.users))].filter((u) => u !== cr.createdBy);
  if (named.length === 0) return;
  const approved = await db
    .selectDistinct({ id: changeRequestReviews.reviewerId })
    .from(changeRequestReviews)
    .where(
      and(
        eq(changeRequestReviews.changeRequestId, cr.id),
        // A rule may name up to 100 users per rule: one JSON parameter, not one per user.
        sql`${changeRequestReviews.reviewerId} IN (SELECT value FROM json_each(${JSON.stringify(named)}))`,
        eq(changeRequestReviews.status, "approved"),
        eq(outdatedSql(), 0),
      ),
    );
  const done = new Set(approved.map((r) => r.id));
  const missing = named.filter((u) => !done.has(u));
  if (missing.length > 0) {
    throw conflict(
      `The merge rules require approvals of this change request's latest content from ` +
        `${missing.length === 1 ? "a reviewer" : `${missing.length} reviewers`} ` +
        `who have not given one (require_specific_reviewers: ${missing.join(", ")})`,
    );
  }
}
