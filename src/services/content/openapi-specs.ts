import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { openapiSpecs, openapiSpecVersions } from "../../db/schema";
import type { SpecDocuments } from "../../../core/openapi-pages";
import { visibleAt, type ContentPointer, type PointerSql } from "../../content/pointer";

/** A spec some pages of a read point into: its slug and the R2 key of its latest document. */
export interface SpecSource {
  slug: string;
  key: string;
}

/** The live pages visible at the pointer (alias `pv`): what a whole-tree read renders. */
export function liveAt(p: ContentPointer | PointerSql): SQL {
  return sql`pv.deleted = 0 AND ${visibleAt(p, "pv", "page_versions", "page_id")}`;
}

/** The live pages among `ids` (an SQL list) visible at the pointer (alias `pv`). */
export function liveIn(p: ContentPointer | PointerSql, ids: SQL): SQL {
  return sql`pv.page_id IN (${ids}) AND ${liveAt(p)}`;
}

/**
 * The organization's specs that the selected pages point into, with their latest version's
 * document key: as computed pages (the `computed` source's slug) or through top-level
 * `openapi-*` blocks of their bodies (only bodies mentioning "openapi" are opened). `pages` is a
 * condition on the page rows aliased `pv` (which pages, visible where). One statement, so it
 * joins the read's own batch and a computed page costs no extra round trip. The `+` keeps the
 * slug off the index: SQLite walks the organization's specs and evaluates the page subquery on
 * the first one only, so an organization without specs reads no page rows for it.
 */
export function referencedSpecsQuery(db: Database, organizationId: string | SQL, pages: SQL) {
  return db
    .select(REFERENCED_SPEC_FIELDS)
    .from(openapiSpecs)
    .innerJoin(openapiSpecVersions, sql`${openapiSpecVersions.id} = ${openapiSpecs.lastVersionId}`)
    .where(referencedSpecsSql(organizationId, pages));
}

/** What `referencedSpecsQuery` selects: a spec's slug and its latest version's document key. */
export const REFERENCED_SPEC_FIELDS = {
  slug: openapiSpecs.slug,
  key: openapiSpecVersions.documentKey,
};

/** The condition of `referencedSpecsQuery` on the organization's specs. */
export function referencedSpecsSql(organizationId: string | SQL, pages: SQL): SQL {
  const slugs = sql`SELECT json_extract(pv.computed, '$.dependencies.spec.ref.spec')
      FROM page_versions pv WHERE pv.computed IS NOT NULL AND ${pages}
    UNION
    SELECT json_extract(j.value, '$.data.ref.spec')
      FROM page_versions pv JOIN documents d ON d.hash = pv.document_hash, json_each(d.body, '$.nodes') j
      WHERE ${pages} AND instr(d.body, '"openapi"') > 0
        AND json_extract(j.value, '$.data.ref.kind') = 'openapi'`;
  return sql`${openapiSpecs.organizationId} = ${organizationId} AND +${openapiSpecs.slug} IN (${slugs})`;
}

/** A stored spec document, parsed; null when the object is missing or not a JSON object. */
async function specDocument(files: R2Bucket, key: string): Promise<Record<string, unknown> | null> {
  const object = await files.get(key);
  if (!object) return null;
  try {
    const value: unknown = await object.json();
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The documents of the specs a read found (one R2 get each, in parallel), by slug. Slugs with
 * no row (unknown, or not processed yet) are simply absent: the renderer shows a placeholder.
 */
export async function loadSpecDocuments(
  files: R2Bucket,
  sources: SpecSource[],
): Promise<SpecDocuments> {
  const entries = await Promise.all(
    sources.map(async (s) => [s.slug, await specDocument(files, s.key)] as const),
  );
  return new Map(entries);
}
