import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { openapiSpecCounts, openapiSpecs, type OpenAPISpecRow } from "../../db/schema";
import { plan } from "../../db/plan";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import { sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { nowIso, nowMs } from "../../lib/clock";
import { ValueTaken } from "../../lib/errors";
import { specPrefix, uploadKey } from "./keys";
import { processingDeadline } from "./process";

/** A spec's source as the routes validated it. */
export type SpecSource = { url: string } | { text: string };

/**
 * One page of an organization's specs (by slug) and their count, for the access batch. Rows read
 * follow the page: the count is the organization's counter, not a scan.
 */
export function specListPlan(
  db: Database,
  options: { orgId: string; limit: number; after?: CursorKey },
) {
  const { orgId, limit, after } = options;
  const where = and(
    eq(openapiSpecs.organizationId, orgId),
    after ? keysetAfter([openapiSpecs.slug, openapiSpecs.id], after) : undefined,
  );
  return plan(
    {
      rows: db
        .select()
        .from(openapiSpecs)
        .where(where)
        .orderBy(asc(openapiSpecs.slug), asc(openapiSpecs.id))
        .limit(limit + 1),
      // The trigger-kept counter (migration 0008): one row, however many specs.
      count: db
        .select({ n: openapiSpecCounts.specsCount })
        .from(openapiSpecCounts)
        .where(eq(openapiSpecCounts.organizationId, orgId)),
    },
    (r) => ({ rows: r.rows, count: r.count[0]?.n ?? 0 }),
  );
}

/** The columns a source sets: a URL, or the R2 key of the stored text. */
async function storeSource(files: R2Bucket, specId: string, source: SpecSource) {
  if ("url" in source) {
    return { sourceKind: "url" as const, sourceUrl: source.url, sourceTextKey: null };
  }
  const key = uploadKey(specId, await sha256Hex(source.text));
  await files.put(key, source.text, { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
  return { sourceKind: "text" as const, sourceUrl: null, sourceTextKey: key };
}

/** Creates a spec waiting for processing; 409 when the slug is taken in the organization. */
export async function createSpec(
  db: Database,
  files: R2Bucket,
  input: { orgId: string; slug: string; source: SpecSource },
): Promise<OpenAPISpecRow> {
  const id = newId();
  const ms = nowMs();
  const now = new Date(ms).toISOString();
  const source = await storeSource(files, id, input.source);
  const [row] = await db
    .insert(openapiSpecs)
    .values({
      id,
      organizationId: input.orgId,
      slug: input.slug,
      ...source,
      processingState: "pending",
      // Queued again by the scheduled job if its message is lost (`STUCK_AFTER_MINUTES`).
      nextFetchAt: processingDeadline(ms),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    if (source.sourceTextKey) await files.delete(source.sourceTextKey);
    throw new ValueTaken("slug", `a specification with slug "${input.slug}" already exists`);
  }
  return row;
}

/**
 * Creates the spec or replaces its source (one upsert, so two concurrent PUTs of a new slug end
 * in one spec); it waits for processing again. The previous uploaded text, if replaced, is
 * deleted. `existing` is the row the route's access batch read.
 */
export async function putSpec(
  db: Database,
  files: R2Bucket,
  input: { orgId: string; slug: string; source: SpecSource; existing: OpenAPISpecRow | null },
): Promise<{ row: OpenAPISpecRow; created: boolean }> {
  const id = input.existing?.id ?? newId();
  const ms = nowMs();
  const now = new Date(ms).toISOString();
  const nextFetchAt = processingDeadline(ms);
  const source = await storeSource(files, id, input.source);
  const [row] = await db
    .insert(openapiSpecs)
    .values({
      id,
      organizationId: input.orgId,
      slug: input.slug,
      ...source,
      processingState: "pending",
      nextFetchAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [openapiSpecs.organizationId, openapiSpecs.slug],
      set: { ...source, processingState: "pending", updatedAt: now, nextFetchAt },
    })
    .returning();
  const old = input.existing?.sourceTextKey;
  if (old && old !== source.sourceTextKey) await files.delete(old);
  // A concurrent PUT of the same slug may have created it first: the row then keeps its id.
  return { row: row!, created: row!.id === id && input.existing === null };
}

/** Sets a spec's visibility; null when it no longer exists. */
export async function setSpecVisibility(
  db: Database,
  specId: string,
  visibility: "private" | "public",
): Promise<OpenAPISpecRow | null> {
  const [row] = await db
    .update(openapiSpecs)
    .set({ visibility, updatedAt: nowIso() })
    .where(eq(openapiSpecs.id, specId))
    .returning();
  return row ?? null;
}

/** Deletes a spec, its versions (cascade) and everything it stored in R2; nothing if absent. */
export async function deleteSpec(
  db: Database,
  files: R2Bucket,
  orgId: string,
  slug: string,
): Promise<void> {
  const gone = await db
    .delete(openapiSpecs)
    .where(and(eq(openapiSpecs.organizationId, orgId), eq(openapiSpecs.slug, slug)))
    .returning({ id: openapiSpecs.id });
  for (const { id } of gone) await deletePrefix(files, specPrefix(id));
}

/** Deletes every R2 object under a prefix, a listing page at a time. */
async function deletePrefix(files: R2Bucket, prefix: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const listed = await files.list({ prefix, cursor, limit: 1000 });
    if (listed.objects.length > 0) await files.delete(listed.objects.map((o) => o.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}
