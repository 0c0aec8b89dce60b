CREATE TABLE `site_insight_counts` (
	`site_id` text NOT NULL,
	`day` text NOT NULL,
	`type` text NOT NULL,
	`site_space_id` text DEFAULT '' NOT NULL,
	`page_id` text DEFAULT '' NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`site_id`, `day`, `type`, `site_space_id`, `page_id`, `value`),
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `site_redirects` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`source` text NOT NULL,
	`destination` text NOT NULL,
	`draft` integer DEFAULT false NOT NULL,
	`capture_wildcard` integer DEFAULT false NOT NULL,
	`permanent` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text,
	`changed_at` text GENERATED ALWAYS AS (coalesce(updated_at, created_at)) VIRTUAL NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_redirects_source_idx` ON `site_redirects` (`site_id`,`draft`,`source`);--> statement-breakpoint
CREATE INDEX `site_redirects_created_idx` ON `site_redirects` (`site_id`,`draft`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `site_redirects_changed_idx` ON `site_redirects` (`site_id`,`draft`,`changed_at`,`id`);--> statement-breakpoint
ALTER TABLE `sites` ADD `live_redirects_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sites` ADD `draft_redirects_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sites` ADD `publication_version` integer DEFAULT 1 NOT NULL;