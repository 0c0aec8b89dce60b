import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { openapiSpecVersions, type OpenAPISpecVersionRow } from "../../db/schema";
import { plan } from "../../db/plan";
import { keysetAfter, type CursorKey } from "../../http/pagination";

/**
 * One page of a spec's versions, newest first. The list's `count` is the spec row's
 * `versionsCount` (kept by triggers), which the route's access check has already read.
 */
export function versionListPlan(
  db: Database,
  options: { specId: string; limit: number; after?: CursorKey },
) {
  const { specId, limit, after } = options;
  const columns = [openapiSpecVersions.createdAt, openapiSpecVersions.id];
  return plan(
    {
      rows: db
        .select()
        .from(openapiSpecVersions)
        .where(
          and(
            eq(openapiSpecVersions.specId, specId),
            after ? keysetAfter(columns, after, "desc") : undefined,
          ),
        )
        .orderBy(desc(openapiSpecVersions.createdAt), desc(openapiSpecVersions.id))
        .limit(limit + 1),
    },
    (r) => r.rows,
  );
}

/** One version of a spec by id (for the access batch, by slug: joined on the spec there). */
export function versionByIdPlan(db: Database, versionId: string) {
  return plan(
    { version: db.select().from(openapiSpecVersions).where(eq(openapiSpecVersions.id, versionId)) },
    (r) => r.version[0] ?? null,
  );
}

/** A version's stored bytes as text, or null when R2 no longer has them. */
export async function readRaw(files: R2Bucket, version: OpenAPISpecVersionRow) {
  const object = await files.get(version.rawKey);
  return object ? object.text() : null;
}

/** A version's parsed document, or null when R2 no longer has it. */
export async function readDocument(
  files: R2Bucket,
  version: OpenAPISpecVersionRow,
): Promise<Record<string, unknown> | null> {
  const object = await files.get(version.documentKey);
  return object ? object.json<Record<string, unknown>>() : null;
}
