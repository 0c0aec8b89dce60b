CREATE TABLE `api_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`label` text NOT NULL,
	`digest` text NOT NULL,
	`hint` text NOT NULL,
	`scopes` text,
	`created_at` text NOT NULL,
	`expires_at` text,
	`last_used_at` text,
	`revoked_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_digest_unique` ON `api_tokens` (`digest`);--> statement-breakpoint
CREATE INDEX `api_tokens_user_idx` ON `api_tokens` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`display_name` text NOT NULL,
	`email` text NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`photo_url` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `agent_instructions` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`document` text NOT NULL,
	`updated_at` text NOT NULL,
	`updated_by` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `link_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`role` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_invites_org_idx` ON `link_invites` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `org_email_domains` (
	`domain` text NOT NULL,
	`organization_id` text NOT NULL,
	PRIMARY KEY(`domain`, `organization_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `org_members` (
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text,
	`disabled` integer DEFAULT false NOT NULL,
	`joined_at` text NOT NULL,
	`last_seen_at` text,
	PRIMARY KEY(`organization_id`, `user_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `org_members_user_idx` ON `org_members` (`user_id`,`organization_id`);--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`created_at` text NOT NULL,
	`email_domains` text DEFAULT '[]' NOT NULL,
	`hostname` text,
	`type` text DEFAULT 'business' NOT NULL,
	`use_case` text,
	`community_type` text,
	`default_role` text,
	`default_content_site` text,
	`logo` text,
	`sso` integer DEFAULT false NOT NULL,
	`ai` integer DEFAULT false NOT NULL,
	`invite_links` integer DEFAULT true NOT NULL,
	`plan` text DEFAULT 'free_2024' NOT NULL,
	`merge_rules` text DEFAULT '{"type":"none"}' NOT NULL,
	`members_count` integer DEFAULT 0 NOT NULL,
	`teams_count` integer DEFAULT 0 NOT NULL,
	`collections_count` integer DEFAULT 0 NOT NULL,
	`root_collections_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_hostname_unique` ON `organizations` (`hostname`);--> statement-breakpoint
CREATE TABLE `team_members` (
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`added_at` text NOT NULL,
	PRIMARY KEY(`team_id`, `user_id`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `team_members_user_idx` ON `team_members` (`user_id`,`team_id`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`title` text NOT NULL,
	`title_lower` text NOT NULL,
	`created_at` text NOT NULL,
	`members_count` integer DEFAULT 0 NOT NULL,
	`spaces_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `teams_org_idx` ON `teams` (`organization_id`,`title_lower`,`id`);--> statement-breakpoint
CREATE TABLE `collections` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`parent_id` text,
	`title` text NOT NULL,
	`description` text,
	`default_level` text DEFAULT 'inherit' NOT NULL,
	`position` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`children_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `collections_org_idx` ON `collections` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `collections_parent_idx` ON `collections` (`organization_id`,`parent_id`,`position`);--> statement-breakpoint
CREATE TABLE `content_grants` (
	`resource_type` text NOT NULL,
	`resource_id` text NOT NULL,
	`principal_type` text NOT NULL,
	`principal_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`resource_type`, `resource_id`, `principal_type`, `principal_id`)
);
--> statement-breakpoint
CREATE INDEX `content_grants_principal_idx` ON `content_grants` (`principal_type`,`principal_id`);