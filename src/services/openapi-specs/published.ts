import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { openapiSpecs, openapiSpecVersions } from "../../db/schema";

/**
 * The raw content of a public spec's live version, for the token-free published URL: one D1
 * round trip and one R2 read. Null for a private spec, an unknown one, or one without a version
 * yet, so all three answer the same 404.
 */
export async function publishedSpecRaw(
  db: Database,
  files: R2Bucket,
  organizationId: string,
  slug: string,
): Promise<{ body: ReadableStream; contentType: string } | null> {
  const [row] = await db
    .select({ key: openapiSpecVersions.rawKey, contentType: openapiSpecVersions.rawContentType })
    .from(openapiSpecs)
    .innerJoin(openapiSpecVersions, eq(openapiSpecVersions.id, openapiSpecs.lastVersionId))
    .where(
      and(
        eq(openapiSpecs.organizationId, organizationId),
        eq(openapiSpecs.slug, slug),
        eq(openapiSpecs.visibility, "public"),
      ),
    )
    .limit(1);
  if (!row) return null;
  const object = await files.get(row.key);
  return object ? { body: object.body, contentType: row.contentType } : null;
}
