import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations";

/** Where a spec's source comes from: a URL re-fetched on schedule, or an uploaded text. */
export type OpenAPISpecSourceKind = "url" | "text";

/** Official OpenAPISpecProcessingState. */
export type OpenAPISpecProcessingState = "pending" | "progress" | "complete";

/** Official OpenAPISpecProcessingErrorCode. */
export type OpenAPISpecErrorCode = "FETCH_TIMEOUT" | "FETCH_ERROR" | "PARSE_ERROR";

/** One readable processing error (official OpenAPIErrorObject, with a position when known). */
export interface OpenAPISpecProcessError {
  message: string;
  code?: string;
  line?: number;
  column?: number;
}

/**
 * API specification records of an organization (§4.14): the source (a URL or an uploaded text
 * kept in R2), the processing state and the version that is live (`last_version_id`).
 */
export const openapiSpecs = sqliteTable(
  "openapi_specs",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    sourceUrl: text("source_url"),
    sourceKind: text("source_kind").$type<OpenAPISpecSourceKind>().notNull(),
    sourceTextKey: text("source_text_key"),
    visibility: text("visibility").$type<"private" | "public">().notNull().default("private"),
    processingState: text("processing_state").$type<OpenAPISpecProcessingState>().notNull(),
    lastVersionId: text("last_version_id"),
    lastProcessedAt: text("last_processed_at"),
    lastProcessErrorCode: text("last_process_error_code").$type<OpenAPISpecErrorCode>(),
    lastProcessedErrors: text("last_processed_errors", { mode: "json" }).$type<
      OpenAPISpecProcessError[]
    >(),
    lastProcessedErrorCount: integer("last_processed_error_count").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    nextFetchAt: text("next_fetch_at"),
    /** The versions list's `count`: kept by triggers on `openapi_spec_versions` (migration 0008). */
    versionsCount: integer("versions_count").notNull().default(0),
  },
  (t) => [
    uniqueIndex("openapi_specs_org_slug_idx").on(t.organizationId, t.slug),
    index("openapi_specs_next_fetch_idx").on(t.nextFetchAt),
  ],
);

/**
 * One processed version of a spec: a new row only when the processed source's content hash
 * changes. The bytes and the parsed document live in R2 under `openapi/<specId>/<id>/`.
 */
export const openapiSpecVersions = sqliteTable(
  "openapi_spec_versions",
  {
    id: text("id").primaryKey(),
    specId: text("spec_id")
      .notNull()
      .references(() => openapiSpecs.id, { onDelete: "cascade" }),
    contentHash: text("content_hash").notNull(),
    createdAt: text("created_at").notNull(),
    rawKey: text("raw_key").notNull(),
    rawContentType: text("raw_content_type").notNull(),
    documentKey: text("document_key").notNull(),
    operationCount: integer("operation_count").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [index("openapi_spec_versions_spec_idx").on(t.specId, t.createdAt, t.id)],
);

/**
 * How many specs each organization has: the spec list's `count`, kept by triggers on
 * `openapi_specs` (migration 0008, so every writer keeps it exact), never a scan of the rows.
 */
export const openapiSpecCounts = sqliteTable("openapi_spec_counts", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  specsCount: integer("specs_count").notNull().default(0),
});

/** An `openapiSpecs` row as stored. */
export type OpenAPISpecRow = typeof openapiSpecs.$inferSelect;

/** An `openapiSpecVersions` row as stored. */
export type OpenAPISpecVersionRow = typeof openapiSpecVersions.$inferSelect;
