DROP INDEX `api_tokens_user_idx`;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `kind` text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `device` text;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `place` text;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `method` text;--> statement-breakpoint
CREATE INDEX `api_tokens_user_kind_idx` ON `api_tokens` (`user_id`,`kind`,`created_at`,`id`);