CREATE TABLE `document_links` (
	`document_hash` text NOT NULL,
	`ordinal` integer NOT NULL,
	`kind` text NOT NULL,
	`space_id` text,
	`page_id` text,
	`file_id` text,
	`anchor` text,
	`url` text,
	PRIMARY KEY(`document_hash`, `ordinal`)
);
--> statement-breakpoint
CREATE INDEX `document_links_page_idx` ON `document_links` (`page_id`,`document_hash`);--> statement-breakpoint
CREATE INDEX `document_links_file_idx` ON `document_links` (`file_id`,`document_hash`);