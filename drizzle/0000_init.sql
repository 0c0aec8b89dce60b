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
CREATE INDEX `org_members_joined_idx` ON `org_members` (`organization_id`,`joined_at`,`user_id`);--> statement-breakpoint
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
	`default_level` text DEFAULT 'inherit',
	`position` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`children_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `collections_org_idx` ON `collections` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `collections_parent_idx` ON `collections` (`organization_id`,`parent_id`,`position`);--> statement-breakpoint
CREATE INDEX `collections_level_idx` ON `collections` (`organization_id`,`default_level`);--> statement-breakpoint
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
CREATE INDEX `content_grants_principal_idx` ON `content_grants` (`principal_type`,`principal_id`);--> statement-breakpoint
CREATE TABLE `spaces` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`parent_id` text,
	`title` text NOT NULL,
	`emoji` text DEFAULT '' NOT NULL,
	`visibility` text DEFAULT 'private' NOT NULL,
	`edit_mode` text DEFAULT 'live' NOT NULL,
	`default_level` text DEFAULT 'inherit',
	`language` text,
	`merge_rules` text NOT NULL,
	`position` text NOT NULL,
	`main_line_id` text NOT NULL,
	`revision_id` text NOT NULL,
	`main_seq` integer DEFAULT 1 NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`deleted_at` text,
	`change_requests_count` integer DEFAULT 0 NOT NULL,
	`change_requests_open` integer DEFAULT 0 NOT NULL,
	`change_requests_draft` integer DEFAULT 0 NOT NULL,
	`comments_open` integer DEFAULT 0 NOT NULL,
	`next_change_request_number` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `spaces_org_idx` ON `spaces` (`organization_id`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `spaces_parent_idx` ON `spaces` (`organization_id`,`parent_id`,`position`);--> statement-breakpoint
CREATE INDEX `spaces_deleted_idx` ON `spaces` (`deleted_at`);--> statement-breakpoint
CREATE TABLE `documents` (
	`hash` text PRIMARY KEY NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `file_versions` (
	`line_id` text NOT NULL,
	`file_id` text NOT NULL,
	`from_seq` integer NOT NULL,
	`to_seq` integer,
	`deleted` integer DEFAULT false NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`hash` text NOT NULL,
	`width` integer,
	`height` integer,
	`created_at` text NOT NULL,
	PRIMARY KEY(`line_id`, `file_id`, `from_seq`)
);
--> statement-breakpoint
CREATE INDEX `file_versions_open_idx` ON `file_versions` (`line_id`,`to_seq`);--> statement-breakpoint
CREATE INDEX `file_versions_hash_idx` ON `file_versions` (`hash`);--> statement-breakpoint
CREATE TABLE `page_versions` (
	`line_id` text NOT NULL,
	`page_id` text NOT NULL,
	`from_seq` integer NOT NULL,
	`to_seq` integer,
	`deleted` integer DEFAULT false NOT NULL,
	`kind` text NOT NULL,
	`parent_id` text,
	`position` text NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`emoji` text,
	`icon` text,
	`description` text,
	`hidden` integer DEFAULT false NOT NULL,
	`no_index` integer DEFAULT false NOT NULL,
	`no_robots_index` integer DEFAULT false NOT NULL,
	`condition` text,
	`layout` text,
	`cover` text,
	`link_target` text,
	`document_hash` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`line_id`, `page_id`, `from_seq`)
);
--> statement-breakpoint
CREATE INDEX `page_versions_open_idx` ON `page_versions` (`line_id`,`to_seq`);--> statement-breakpoint
CREATE INDEX `page_versions_changes_idx` ON `page_versions` (`line_id`,`from_seq`);--> statement-breakpoint
CREATE INDEX `page_versions_parent_idx` ON `page_versions` (`line_id`,`parent_id`,`to_seq`);--> statement-breakpoint
CREATE INDEX `page_versions_document_idx` ON `page_versions` (`document_hash`);--> statement-breakpoint
CREATE TABLE `purge_progress` (
	`space_id` text PRIMARY KEY NOT NULL,
	`step` integer DEFAULT 0 NOT NULL,
	`cursor` text DEFAULT '' NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`line_id` text NOT NULL,
	`seq` integer NOT NULL,
	`base_seq` integer,
	`parents` text NOT NULL,
	`type` text NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `revisions_line_seq_idx` ON `revisions` (`line_id`,`seq`);--> statement-breakpoint
CREATE INDEX `revisions_space_idx` ON `revisions` (`space_id`);--> statement-breakpoint
CREATE TABLE `change_request_contributors` (
	`change_request_id` text NOT NULL,
	`user_id` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cr_contributors_idx` ON `change_request_contributors` (`change_request_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `cr_contributors_user_idx` ON `change_request_contributors` (`user_id`);--> statement-breakpoint
CREATE TABLE `change_request_reviewers` (
	`change_request_id` text NOT NULL,
	`user_id` text NOT NULL,
	`requested_at` text NOT NULL,
	`approved_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cr_reviewers_idx` ON `change_request_reviewers` (`change_request_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `cr_reviewers_user_idx` ON `change_request_reviewers` (`user_id`);--> statement-breakpoint
CREATE TABLE `change_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`number` integer NOT NULL,
	`status` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`description` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`line_id` text NOT NULL,
	`seq` integer NOT NULL,
	`base_seq` integer NOT NULL,
	`revision_id` text NOT NULL,
	`revision_initial` text NOT NULL,
	`revision_merged_ancestor` text,
	`revision_merged` text,
	`merged_by` text,
	`merged_at` text,
	`comments_open` integer DEFAULT 0 NOT NULL,
	`conversations_issues_cluster` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `change_requests_number_idx` ON `change_requests` (`space_id`,`number`);--> statement-breakpoint
CREATE INDEX `change_requests_list_idx` ON `change_requests` (`space_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `change_requests_author_idx` ON `change_requests` (`created_by`);--> statement-breakpoint
CREATE TABLE `comment_reactions` (
	`target_id` text NOT NULL,
	`comment_id` text NOT NULL,
	`user_id` text NOT NULL,
	`emoji` text NOT NULL,
	`reacted_at` text NOT NULL,
	PRIMARY KEY(`target_id`, `user_id`, `emoji`)
);
--> statement-breakpoint
CREATE INDEX `comment_reactions_comment_idx` ON `comment_reactions` (`comment_id`);--> statement-breakpoint
CREATE TABLE `comment_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`comment_id` text NOT NULL,
	`posted_by` text NOT NULL,
	`posted_at` text NOT NULL,
	`edited_at` text,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `comment_replies_list_idx` ON `comment_replies` (`comment_id`,`posted_at`,`id`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`change_request_id` text,
	`posted_by` text NOT NULL,
	`posted_at` text NOT NULL,
	`edited_at` text,
	`body` text NOT NULL,
	`revision_id` text NOT NULL,
	`target_page` text,
	`target_node` text,
	`table_record` text,
	`table_definition` text,
	`resolved_at` text,
	`resolved_by` text
);
--> statement-breakpoint
CREATE INDEX `comments_list_idx` ON `comments` (`space_id`,`change_request_id`,`posted_at`,`id`);--> statement-breakpoint
CREATE INDEX `comments_page_idx` ON `comments` (`space_id`,`change_request_id`,`target_page`,`posted_at`);--> statement-breakpoint
CREATE TABLE `share_links` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`name` text NOT NULL,
	`key` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `share_links_key_unique` ON `share_links` (`key`);--> statement-breakpoint
CREATE INDEX `share_links_site_idx` ON `share_links` (`site_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `site_adaptive_schemas` (
	`site_id` text PRIMARY KEY NOT NULL,
	`json_schema` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `site_auth` (
	`site_id` text PRIMARY KEY NOT NULL,
	`private_key` text NOT NULL,
	`backend` text DEFAULT 'custom' NOT NULL,
	`fallback_url` text,
	`logout_url` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `site_counters` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`sites_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `site_section_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`parent_id` text,
	`title` text NOT NULL,
	`icon` text,
	`position` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_section_groups_site_idx` ON `site_section_groups` (`site_id`,`parent_id`,`position`);--> statement-breakpoint
CREATE TABLE `site_sections` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`group_id` text,
	`title` text NOT NULL,
	`description` text,
	`path` text NOT NULL,
	`condition` text,
	`icon` text,
	`position` text NOT NULL,
	`default_site_space_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_sections_path_idx` ON `site_sections` (`site_id`,`path`);--> statement-breakpoint
CREATE INDEX `site_sections_site_idx` ON `site_sections` (`site_id`,`group_id`,`position`);--> statement-breakpoint
CREATE TABLE `site_spaces` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`section_id` text,
	`container_id` text NOT NULL,
	`space_id` text NOT NULL,
	`path` text NOT NULL,
	`condition` text,
	`position` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_spaces_path_idx` ON `site_spaces` (`container_id`,`path`);--> statement-breakpoint
CREATE INDEX `site_spaces_site_idx` ON `site_spaces` (`site_id`,`container_id`,`position`);--> statement-breakpoint
CREATE INDEX `site_spaces_space_idx` ON `site_spaces` (`space_id`);--> statement-breakpoint
CREATE TABLE `sites` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`type` text DEFAULT 'basic' NOT NULL,
	`title` text NOT NULL,
	`title_lower` text NOT NULL,
	`visibility` text DEFAULT 'public' NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`hostname` text,
	`basename` text,
	`proxy` text,
	`adaptive_content` integer DEFAULT false NOT NULL,
	`agents_context` text DEFAULT 'included' NOT NULL,
	`default_level` text DEFAULT 'inherit' NOT NULL,
	`default_site_space_id` text,
	`default_section_id` text,
	`site_spaces_count` integer DEFAULT 0 NOT NULL,
	`share_links_count` integer DEFAULT 0 NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sites_hostname_unique` ON `sites` (`hostname`);--> statement-breakpoint
CREATE INDEX `sites_org_idx` ON `sites` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `sites_org_title_idx` ON `sites` (`organization_id`,`title_lower`);