-- Full-text search over the main revision of every space (src/services/search-index.ts).
-- drizzle-kit cannot express FTS5, so this hand-written migration is the one source of these
-- objects. drizzle/0001_search_fts.sql created them; drizzle/0008_counters_search_bots.sql rebuilt search_fts
-- with the `page` column. This file is the current shape of both.

-- One row per indexed page: its key. The FTS rows of a page's heading sections have the rowids
-- key * 256 + section number, so a search groups hits by page without reading any other table,
-- and re-indexing or removing pages finds their FTS rows by rowid range, never by scanning.
CREATE TABLE `search_pages` (
	`id` integer PRIMARY KEY,
	`space_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`page_id` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_pages_page_idx` ON `search_pages` (`space_id`, `page_id`);
--> statement-breakpoint
-- The sections' text. space_key and org_key hold one token each, the hex of the id ('s…',
-- 'o…': ids are case-sensitive, the tokenizer folds case), so `space_key : "s…"` inside MATCH
-- keeps a query to one space's rows through the full-text index itself.
CREATE VIRTUAL TABLE `search_fts` USING fts5(
	space_key, org_key, title, description, heading, body, anchor UNINDEXED, page UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
-- Removing a page removes its sections' FTS rows (a rowid range).
CREATE TRIGGER `search_pages_ad` AFTER DELETE ON `search_pages` BEGIN
	DELETE FROM search_fts WHERE rowid >= old.id * 256 AND rowid < (old.id + 1) * 256;
END;
--> statement-breakpoint
-- The main sequence each space's index reflects: indexing catches up from it, guarded on it.
CREATE TABLE `search_spaces` (
	`space_id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL
);
