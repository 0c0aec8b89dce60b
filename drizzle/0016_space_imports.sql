CREATE TABLE `import_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`space_id` text NOT NULL,
	`change_request_id` text,
	`under_page_id` text,
	`own_change_request` integer NOT NULL,
	`source` text NOT NULL,
	`source_token` text,
	`status` text NOT NULL,
	`reason` text,
	`progress_done` integer DEFAULT 0 NOT NULL,
	`progress_total` integer DEFAULT 0 NOT NULL,
	`pages` text,
	`result` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`started_at` text,
	`completed_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_runs_org_idx` ON `import_runs` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `space_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`change_request_id` text,
	`format` text NOT NULL,
	`status` text NOT NULL,
	`progress_done` integer DEFAULT 0 NOT NULL,
	`progress_total` integer DEFAULT 0 NOT NULL,
	`archive_key` text,
	`archive_size` integer,
	`result` text,
	`reason` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `space_exports_space_idx` ON `space_exports` (`space_id`,`created_at`);