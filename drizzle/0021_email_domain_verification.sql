ALTER TABLE `org_email_domains` ADD `token` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `org_email_domains` ADD `status` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `org_email_domains` ADD `verified_at` text;--> statement-breakpoint
ALTER TABLE `org_email_domains` ADD `last_checked_at` text;--> statement-breakpoint
ALTER TABLE `org_email_domains` ADD `last_result` text;--> statement-breakpoint
ALTER TABLE `org_email_domains` ADD `misses` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `org_email_domains_org_idx` ON `org_email_domains` (`organization_id`,`domain`);--> statement-breakpoint
CREATE INDEX `org_email_domains_check_idx` ON `org_email_domains` (`status`,`last_checked_at`);