import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plan } from "../../db/plan";
import type { ContentPointer } from "../../content/pointer";
import { changeRequestMatch } from "../../auth/change-request";
import { notFound } from "../../lib/errors";
import { revisionRowQuery } from "../content/reads";

/** The content a PDF is asked for: where it lives and what its title page says. */
export interface PdfTarget {
  pointer: ContentPointer;
  revision: { id: string; createdAt: string };
  spaceTitle: string;
  /** Set for a change request's PDF. */
  changeRequest?: { number: number; subject: string };
}

/**
 * The head revision row of a change request (by id or number), as a plan for its access check's
 * batch; `finish` answers the row, a 404 when it is missing.
 */
export function changeRequestRevisionPlan(db: Database, spaceId: string, changeRequestId: string) {
  const head = sql`(SELECT revision_id FROM change_requests
    WHERE ${changeRequestMatch(spaceId, changeRequestId)} LIMIT 1)`;
  return plan({ revision: revisionRowQuery(db, spaceId, head) }, (results) => {
    const revision = results.revision[0];
    if (!revision) throw notFound("Revision");
    return revision;
  });
}
