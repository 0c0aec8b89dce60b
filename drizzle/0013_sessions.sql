CREATE TABLE `sign_in_links` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`digest` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sign_in_links_digest_unique` ON `sign_in_links` (`digest`);--> statement-breakpoint
CREATE INDEX `sign_in_links_expiry_idx` ON `sign_in_links` (`expires_at`);--> statement-breakpoint
DROP INDEX `api_tokens_user_idx`;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `kind` text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `device` text;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `place` text;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `method` text;--> statement-breakpoint
CREATE INDEX `api_tokens_user_kind_idx` ON `api_tokens` (`user_id`,`kind`,`created_at`,`id`);