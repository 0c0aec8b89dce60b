import { and, eq, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Bindings } from "../../env";
import type { Database } from "../../db/client";
import { openapiSpecs, openapiSpecVersions, type OpenAPISpecRow } from "../../db/schema";
import type { Outbound } from "../../outbound";
import { sha256HexBytes } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { nowIso, nowMs } from "../../lib/clock";
import { buildSpec } from "../../openapi-specs/build";
import { MAX_REPORTED_ERRORS, SpecProcessError, type SpecError } from "../../openapi-specs/types";
import { documentKey, rawKey } from "./keys";
import { decodeSource, fetchSpecUrl, loadSource } from "./source";

/** What a processing run needs: the bindings, the database, the network and the attempt. */
export interface ProcessContext {
  env: Bindings;
  db: Database;
  outbound: Outbound;
  /** The queue delivery's attempt (1 first); a retry takes the spec over from its own run. */
  attempt?: number;
}

/**
 * Minutes a spec may stay `pending` or `progress` before the scheduled job queues it again:
 * above the 15-minute wall-clock limit of one queue consumer invocation plus the backoff
 * between attempts, so a run that is merely slow is never queued twice.
 */
export const STUCK_AFTER_MINUTES = 30;

/**
 * When a spec that just became `pending` or `progress` counts as stuck: stored in
 * `next_fetch_at`, which for a spec waiting on a run is when the scheduler next queues it.
 */
export function processingDeadline(now: number): string {
  return new Date(now + STUCK_AFTER_MINUTES * 60_000).toISOString();
}

/** Minutes between re-fetches of a URL spec: `OPENAPI_REFETCH_MINUTES`, default 60. */
export function refetchMinutes(env: Pick<Bindings, "OPENAPI_REFETCH_MINUTES">): number {
  const minutes = Number(env.OPENAPI_REFETCH_MINUTES ?? "60");
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 60;
}

/**
 * Processes a spec's current source: `progress` with a new deadline (nothing at all when another
 * run holds the spec, see below), then fetch (URL) or read (text), and when the content hash
 * differs from the live version's, parse, validate, inline external references and store a new
 * version (R2 then D1). A fetch or parse failure is recorded on the spec with its code and
 * errors, and the previous version stays live. Ends `complete` either way. Unexpected errors
 * (D1, R2) are thrown for the job to retry.
 */
export async function processSpec(ctx: ProcessContext, specId: string): Promise<void> {
  const { db, env } = ctx;
  const now = nowMs();
  // A first delivery leaves a spec another run holds (`progress` before its deadline) alone:
  // that run read the latest source (every write sets `pending`), so this one is a duplicate.
  const free =
    (ctx.attempt ?? 1) > 1
      ? undefined
      : or(
          ne(openapiSpecs.processingState, "progress"),
          isNull(openapiSpecs.nextFetchAt),
          lte(openapiSpecs.nextFetchAt, new Date(now).toISOString()),
        );
  // The claim: this run's deadline. A write (or another run) replaces it, and this run's end then
  // changes nothing: a run that read an older source never overwrites a newer one.
  const claim = processingDeadline(now);
  const [found] = await db
    .update(openapiSpecs)
    .set({ processingState: "progress", nextFetchAt: claim })
    .where(and(eq(openapiSpecs.id, specId), free))
    .returning();
  if (!found) return;
  const run = { ...ctx, claim };
  const liveHash = await liveContentHash(db, found.lastVersionId);
  try {
    const source = await loadSource(found, ctx.outbound, env);
    if (!source) return;
    const hash = await sha256HexBytes(source.bytes);
    if (hash === liveHash) return void (await finish(run, found, {}));
    const built = await buildSpec(decodeSource(source.bytes), source.baseUrl, async (url) =>
      decodeSource((await fetchSpecUrl(ctx.outbound, env, url)).bytes),
    );
    const versionId = newId();
    const contentType = built.format === "json" ? "application/json" : "application/yaml";
    const keys = { raw: rawKey(specId, versionId), document: documentKey(specId, versionId) };
    await env.FILES.put(keys.raw, source.bytes, { httpMetadata: { contentType } });
    await env.FILES.put(keys.document, built.stored, {
      httpMetadata: { contentType: "application/json" },
    });
    const version = {
      id: versionId,
      specId,
      contentHash: hash,
      createdAt: nowIso(),
      rawKey: keys.raw,
      rawContentType: contentType,
      documentKey: keys.document,
      operationCount: built.operationCount,
      size: source.bytes.byteLength,
    };
    // Superseded (a newer source, another run) or deleted meanwhile: drop what was stored.
    if (!(await finish(run, found, { version }))) {
      await env.FILES.delete([keys.raw, keys.document]);
    }
  } catch (error) {
    if (!(error instanceof SpecProcessError)) throw error;
    await finish(run, found, { failure: error });
  }
}

/** The content hash of the live version, to skip an unchanged source. */
async function liveContentHash(db: Database, versionId: string | null): Promise<string | null> {
  if (!versionId) return null;
  const [row] = await db
    .select({ hash: openapiSpecVersions.contentHash })
    .from(openapiSpecVersions)
    .where(eq(openapiSpecVersions.id, versionId));
  return row?.hash ?? null;
}

/**
 * Ends a run: `complete`, the time, the next re-fetch of a URL spec, and either the errors of a
 * failure (the live version untouched) or a clean slate with, if any, the new version made live
 * in the same batch. Only while the run still holds its claim (`progress` with its own
 * deadline); false when it does not (then nothing is written).
 */
async function finish(
  ctx: ProcessContext & { claim: string },
  spec: OpenAPISpecRow,
  outcome: { version?: typeof openapiSpecVersions.$inferInsert; failure?: SpecProcessError },
): Promise<boolean> {
  const now = nowMs();
  const nextFetchAt =
    spec.sourceKind === "url"
      ? new Date(now + refetchMinutes(ctx.env) * 60_000).toISOString()
      : null;
  const errors: SpecError[] = outcome.failure?.errors ?? [];
  const update = ctx.db
    .update(openapiSpecs)
    .set({
      processingState: "complete",
      lastProcessedAt: new Date(now).toISOString(),
      nextFetchAt,
      lastProcessErrorCode: outcome.failure?.code ?? null,
      lastProcessedErrors: errors.length > 0 ? errors.slice(0, MAX_REPORTED_ERRORS) : null,
      lastProcessedErrorCount: errors.length,
      ...(outcome.version ? { lastVersionId: outcome.version.id } : {}),
    })
    .where(
      and(
        eq(openapiSpecs.id, spec.id),
        eq(openapiSpecs.processingState, "progress"),
        eq(openapiSpecs.nextFetchAt, ctx.claim),
      ),
    )
    .returning({ id: openapiSpecs.id });
  const v = outcome.version;
  if (!v) return (await update).length > 0;
  // The version row only when the update above took the claim (`changes()`), in one batch.
  const insert = ctx.db.insert(openapiSpecVersions).select(
    sql`SELECT ${v.id}, ${v.specId}, ${v.contentHash}, ${v.createdAt}, ${v.rawKey},
      ${v.rawContentType}, ${v.documentKey}, ${v.operationCount}, ${v.size} WHERE changes() = 1`,
  );
  const [updated] = await ctx.db.batch([update, insert]);
  return updated.length > 0;
}

/** After the job's last attempt: the spec ends `complete` with the error, its version kept. */
export async function recordProcessingFailure(ctx: ProcessContext, specId: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const now = nowMs();
  const nextFetch = new Date(now + refetchMinutes(ctx.env) * 60_000).toISOString();
  await ctx.db
    .update(openapiSpecs)
    .set({
      processingState: "complete",
      lastProcessedAt: new Date(now).toISOString(),
      // As `finish`: a URL spec is fetched again one interval on, a text spec waits for a write.
      nextFetchAt: sql`CASE WHEN ${openapiSpecs.sourceKind} = 'url'
        THEN ${nextFetch} ELSE NULL END`,
      lastProcessErrorCode: null,
      lastProcessedErrors: [
        { message: `Processing failed: ${message.slice(0, 500)}`, code: "internal" },
      ],
      lastProcessedErrorCount: 1,
    })
    .where(eq(openapiSpecs.id, specId));
}
