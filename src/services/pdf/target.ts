import { count, eq, max, sql } from "drizzle-orm";
import { openapiSpecs } from "../../db/schema/index";
import type { Database } from "../../db/client";
import { plan } from "../../db/plan";
import type { ContentPointer } from "../../content/pointer";
import { changeRequestHeadSql } from "../../auth/change-request";
import { notFound } from "../../lib/errors";
import { revisionRowQuery } from "../content/reads";
import type { Shows } from "../../lib/condition";

/** The content a PDF is asked for: where it lives and what its title page says. */
export interface PdfTarget {
  pointer: ContentPointer;
  revision: { id: string; createdAt: string };
  spaceTitle: string;
  /** Set for a change request's PDF. */
  changeRequest?: { number: number; subject: string };
  /** The organization's API specs' state (`specState`): pages computed from specs follow it. */
  specState: string;
  /**
   * A site visitor's adaptive view (issue 34, 6c): the pages and `if` blocks their claims show
   * (`shows`), and what names that view in the PDF's key (`key`, the claims).
   */
  visitor?: { shows: Shows; key: string };
}

/**
 * The state of the space's organization's API specs: how many, and when one was last processed.
 * A new spec version changes it, so a cached PDF whose pages render from a spec is not served
 * after the spec moved on (it is part of the PDF's key). One statement in the target's batch.
 */
export function specStateQuery(db: Database, spaceId: string) {
  return db
    .select({ n: count(), at: max(openapiSpecs.lastProcessedAt) })
    .from(openapiSpecs)
    .where(
      eq(
        openapiSpecs.organizationId,
        sql`(SELECT organization_id FROM spaces WHERE id = ${spaceId})`,
      ),
    );
}

/** The `specState` string of a `specStateQuery` result. */
export function specStateOf(rows: { n: number; at: string | null }[]): string {
  const row = rows[0];
  return row && row.n > 0 ? `${row.n}@${row.at ?? ""}` : "";
}

/**
 * The head revision row of a change request (by id or number) and the organization's spec state,
 * as a plan for its access check's batch; `finish` answers both, a 404 when the row is missing.
 */
export function changeRequestRevisionPlan(db: Database, spaceId: string, changeRequestId: string) {
  const head = changeRequestHeadSql(spaceId, changeRequestId);
  const statements = {
    revision: revisionRowQuery(db, spaceId, head),
    specs: specStateQuery(db, spaceId),
  };
  return plan(statements, (results) => {
    const revision = results.revision[0];
    if (!revision) throw notFound("Revision");
    return { revision, specState: specStateOf(results.specs) };
  });
}
