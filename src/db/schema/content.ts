import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

/** Page kinds of the official RevisionPage union. */
export type PageKind = "document" | "group" | "link";

/**
 * Revisions: immutable snapshots. A revision is a position (`seq`) on a line: a space's main line
 * or a change request's line. A change-request revision also records the main `baseSeq` it sits
 * on, so reading it is "the line's own rows at `seq`, else main at `baseSeq`".
 */
export const revisions = sqliteTable(
  "revisions",
  {
    id: text("id").primaryKey(),
    spaceId: text("space_id").notNull(),
    lineId: text("line_id").notNull(),
    seq: integer("seq").notNull(),
    baseSeq: integer("base_seq"),
    parents: text("parents", { mode: "json" }).$type<string[]>().notNull(),
    type: text("type").$type<"edits" | "merge" | "update" | "rollback">().notNull(),
    createdBy: text("created_by"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("revisions_line_seq_idx").on(t.lineId, t.seq),
    index("revisions_space_idx").on(t.spaceId),
  ],
);

/**
 * Page versions, copy-on-write: a row holds one page's whole state (tree position, metadata and
 * the hash of its document) for the sequence range [fromSeq, toSeq) of one line. Changing a page
 * closes its row and opens a new one, so a revision writes rows in proportion to what changed.
 * On a change-request line a row with `deleted` set hides the page of the base.
 */
export const pageVersions = sqliteTable(
  "page_versions",
  {
    lineId: text("line_id").notNull(),
    pageId: text("page_id").notNull(),
    fromSeq: integer("from_seq").notNull(),
    toSeq: integer("to_seq"),
    deleted: integer("deleted", { mode: "boolean" }).notNull().default(false),
    kind: text("kind").$type<PageKind>().notNull(),
    parentId: text("parent_id"),
    position: text("position").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    emoji: text("emoji"),
    icon: text("icon"),
    description: text("description"),
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    noIndex: integer("no_index", { mode: "boolean" }).notNull().default(false),
    noRobotsIndex: integer("no_robots_index", { mode: "boolean" }).notNull().default(false),
    condition: text("condition"),
    layout: text("layout", { mode: "json" }).$type<Record<string, unknown>>(),
    cover: text("cover", { mode: "json" }).$type<Record<string, unknown>>(),
    linkTarget: text("link_target", { mode: "json" }).$type<Record<string, unknown>>(),
    documentHash: text("document_hash"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** A computed page's source (official `ComputedContentSourceDocumentOpenAPI`); null otherwise. */
    computed: text("computed", { mode: "json" }).$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.lineId, t.pageId, t.fromSeq] }),
    index("page_versions_open_idx").on(t.lineId, t.toSeq),
    index("page_versions_changes_idx").on(t.lineId, t.fromSeq),
    index("page_versions_parent_idx").on(t.lineId, t.parentId, t.toSeq),
    index("page_versions_document_idx").on(t.documentHash),
  ],
);

/** File versions, on the same copy-on-write scheme as pages; bytes live in R2 by content hash. */
export const fileVersions = sqliteTable(
  "file_versions",
  {
    lineId: text("line_id").notNull(),
    fileId: text("file_id").notNull(),
    fromSeq: integer("from_seq").notNull(),
    toSeq: integer("to_seq"),
    deleted: integer("deleted", { mode: "boolean" }).notNull().default(false),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    hash: text("hash").notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lineId, t.fileId, t.fromSeq] }),
    index("file_versions_open_idx").on(t.lineId, t.toSeq),
    index("file_versions_hash_idx").on(t.hash),
  ],
);

/** Document bodies, content-addressed: identical bodies in any space or revision are stored once. */
export const documents = sqliteTable("documents", {
  hash: text("hash").primaryKey(),
  body: text("body").notNull(),
});

/**
 * Progress of the retention purge, one row per space being purged: the step reached and its
 * cursor, so a run cut off halfway resumes where it stopped and never repeats finished work.
 */
export const purgeProgress = sqliteTable("purge_progress", {
  spaceId: text("space_id").primaryKey(),
  step: integer("step").notNull().default(0),
  cursor: text("cursor").notNull().default(""),
  updatedAt: text("updated_at").notNull(),
});
