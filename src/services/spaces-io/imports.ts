import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  changeRequests,
  importRuns,
  type ImportRunRow,
  type ImportRunSource,
} from "../../db/schema";
import { keysetAfter } from "../../http/pagination";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { uploadKeyPrefix } from "./uploads";
import { sealSourceToken } from "./source-token";

/** An import run row, as the routes and presenters receive it. */
export type { ImportRunRow };

/** Who may see a run: an organization admin every run, anyone else the runs they started. */
function visibleTo(userId: string, admin: boolean): SQL | undefined {
  return admin ? undefined : eq(importRuns.createdBy, userId);
}

/** The statement reading one run of the organization the caller may see. */
export function importRunQuery(
  db: Database,
  orgId: string,
  runId: string,
  caller: { userId: string; admin: boolean },
) {
  return db
    .select()
    .from(importRuns)
    .where(
      and(
        eq(importRuns.id, runId),
        eq(importRuns.organizationId, orgId),
        visibleTo(caller.userId, caller.admin),
      ),
    );
}

/** The filters of listImportRuns. */
export interface ImportRunFilters {
  space?: string;
  changeRequest?: string;
  status?: "active" | ImportRunRow["status"];
}

/** One page of an organization's runs, most recent first, and their count. */
export function importRunListPlan(
  db: Database,
  orgId: string,
  caller: { userId: string; admin: boolean },
  filters: ImportRunFilters,
  limit: number,
  after: [string, string] | undefined,
) {
  const where = and(
    eq(importRuns.organizationId, orgId),
    visibleTo(caller.userId, caller.admin),
    filters.space ? eq(importRuns.spaceId, filters.space) : undefined,
    filters.changeRequest ? eq(importRuns.changeRequestId, filters.changeRequest) : undefined,
    filters.status === "active"
      ? inArray(importRuns.status, ["pending", "in-progress"])
      : filters.status
        ? eq(importRuns.status, filters.status)
        : undefined,
  );
  const rows = db
    .select()
    .from(importRuns)
    .where(
      after ? and(where, keysetAfter([importRuns.createdAt, importRuns.id], after, "desc")) : where,
    )
    .orderBy(desc(importRuns.createdAt), desc(importRuns.id))
    .limit(limit + 1);
  const total = db.select({ n: count() }).from(importRuns).where(where);
  return { rows, total };
}

/**
 * Records a new run (pending; the route queues its job) after checking its target and source:
 * a change request must be the space's and still open to changes, every uploaded file must be
 * one of this organization's uploads and present in the bucket.
 */
export async function createImportRun(
  db: Database,
  bucket: R2Bucket,
  input: {
    orgId: string;
    spaceId: string;
    changeRequestId?: string;
    pageId?: string;
    source: ImportRunSource;
    /**
     * A GitBook-API source's token, with the deployment's secret it is sealed under (kept apart
     * from the source, sealed at rest, cleared when the run ends).
     */
    sourceToken?: { token: string; signingSecret: string };
    userId: string;
  },
): Promise<ImportRunRow> {
  if (input.changeRequestId) {
    const [cr] = await db
      .select({ status: changeRequests.status })
      .from(changeRequests)
      .where(
        and(
          eq(changeRequests.id, input.changeRequestId),
          eq(changeRequests.spaceId, input.spaceId),
        ),
      );
    if (!cr) throw notFound("Change request");
    if (cr.status === "merged" || cr.status === "archived")
      throw conflict(
        `body.target.changeRequest: the change request is ${cr.status}; import into an open one`,
      );
  }
  if (input.source.type === "file") {
    const prefix = uploadKeyPrefix(input.orgId);
    for (const [i, key] of input.source.files.entries()) {
      if (!key.startsWith(prefix) || !(await bucket.head(key)))
        throw badRequest(
          `body.source.files[${i}]: no file of this organization was uploaded with this key`,
        );
    }
  }
  const now = nowIso();
  const id = newId();
  const token = input.sourceToken;
  const [row] = await db
    .insert(importRuns)
    .values({
      id,
      organizationId: input.orgId,
      spaceId: input.spaceId,
      changeRequestId: input.changeRequestId ?? null,
      underPageId: input.pageId ?? null,
      ownChangeRequest: false,
      source: input.source,
      sourceToken: token ? await sealSourceToken(token.signingSecret, id, token.token) : null,
      status: "pending",
      createdBy: input.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** Cancels a pending or running run (the job stops before its next batch); 400 once it ended. */
export async function cancelImportRun(db: Database, row: ImportRunRow): Promise<ImportRunRow> {
  const now = nowIso();
  const [updated] = await db
    .update(importRuns)
    .set({ status: "cancelled", sourceToken: null, updatedAt: now, completedAt: now })
    .where(and(eq(importRuns.id, row.id), inArray(importRuns.status, ["pending", "in-progress"])))
    .returning();
  if (!updated)
    throw badRequest(
      `The import run is ${row.status}; only a pending or running one can be cancelled`,
    );
  return updated;
}
