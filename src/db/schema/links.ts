import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** The reference kinds a document link is extracted for (official `ContentRef` kinds). */
export type LinkKind = "page" | "file" | "anchor" | "url";

/**
 * The links of a document body, extracted once when the body is first stored (same batch as
 * the `documents` row, keyed by its content hash). A link belongs to a revision through the page
 * versions visible there that carry the body, so links cost no writes beyond new bodies and
 * their status (`ok`, `broken`, `in-app`) is computed at read time against that revision.
 * `ordinal` numbers a body's distinct targets in document order; `spaceId` is the reference's
 * own `space` (null: the space of the page holding the body).
 */
export const documentLinks = sqliteTable(
  "document_links",
  {
    documentHash: text("document_hash").notNull(),
    ordinal: integer("ordinal").notNull(),
    kind: text("kind").$type<LinkKind>().notNull(),
    spaceId: text("space_id"),
    pageId: text("page_id"),
    fileId: text("file_id"),
    anchor: text("anchor"),
    url: text("url"),
  },
  (t) => [
    primaryKey({ columns: [t.documentHash, t.ordinal] }),
    index("document_links_page_idx").on(t.pageId, t.documentHash),
    index("document_links_file_idx").on(t.fileId, t.documentHash),
  ],
);
