import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations";

/** Where a translation's run stands (the wire shows `idle`/`queued`/`failed` as `pending`). */
export type TranslationState = "idle" | "queued" | "running" | "completed" | "failed";

/**
 * A translation of a source space into a language: its settings, the result space it writes
 * (created by the first run), the run lock (`state`, `run_id`, `heartbeat_at`) and real stats.
 */
export const translations = sqliteTable(
  "translations",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    sourceSpaceId: text("source_space_id").notNull(),
    sourceLanguage: text("source_language").notNull(),
    language: text("language").notNull(),
    instructions: text("instructions", { mode: "json" }).$type<Record<string, unknown>>(),
    resultSpaceId: text("result_space_id"),
    resultRevisionId: text("result_revision_id"),
    state: text("state").$type<TranslationState>().notNull().default("idle"),
    runId: text("run_id"),
    runStartedAt: text("run_started_at"),
    heartbeatAt: text("heartbeat_at"),
    error: text("error"),
    runs: integer("runs").notNull().default(0),
    totalWords: integer("total_words").notNull().default(0),
    totalPages: integer("total_pages").notNull().default(0),
    totalDurationMs: integer("total_duration_ms").notNull().default(0),
    latestDurationMs: integer("latest_duration_ms").notNull().default(0),
    latestPages: integer("latest_pages").notNull().default(0),
    latestWords: integer("latest_words").notNull().default(0),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("translations_org_idx").on(t.organizationId, t.createdAt, t.id)],
);

/**
 * Source page → result page of a translation, with the source hash last written to the result
 * (null: the result page id is reserved by a run that has not landed yet).
 */
export const translationPages = sqliteTable(
  "translation_pages",
  {
    translationId: text("translation_id")
      .notNull()
      .references(() => translations.id, { onDelete: "cascade" }),
    sourcePageId: text("source_page_id").notNull(),
    resultPageId: text("result_page_id").notNull(),
    sourceHash: text("source_hash"),
  },
  (t) => [primaryKey({ columns: [t.translationId, t.sourcePageId] })],
);

/**
 * The work list of the current (or last unfinished) run: one row per page to translate, filled
 * batch by batch; rows of a failed run whose source did not change are reused by the next run.
 */
export const translationStaged = sqliteTable(
  "translation_staged",
  {
    translationId: text("translation_id")
      .notNull()
      .references(() => translations.id, { onDelete: "cascade" }),
    sourcePageId: text("source_page_id").notNull(),
    sourceHash: text("source_hash").notNull(),
    done: integer("done", { mode: "boolean" }).notNull().default(false),
    title: text("title"),
    description: text("description"),
    body: text("body"),
    words: integer("words").notNull().default(0),
    /** The page's place in the source tree (depth first): batches follow the tree. */
    ord: integer("ord").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.translationId, t.sourcePageId] }),
    index("translation_staged_waiting_idx").on(t.translationId, t.done, t.ord),
  ],
);

/** An organization's glossary entry: one term per language (official GlossaryEntry). */
export const translationGlossary = sqliteTable(
  "translation_glossary",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    translations: text("translations", { mode: "json" }).$type<Record<string, string>>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("translation_glossary_org_idx").on(t.organizationId, t.createdAt, t.id)],
);

/** Per-organization counts of translations and glossary entries, kept in the writes' batches. */
export const translationCounters = sqliteTable("translation_counters", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  translations: integer("translations").notNull().default(0),
  glossaryEntries: integer("glossary_entries").notNull().default(0),
});

/** A stored translation. */
export type TranslationRow = typeof translations.$inferSelect;
/** A stored glossary entry. */
export type GlossaryRow = typeof translationGlossary.$inferSelect;
