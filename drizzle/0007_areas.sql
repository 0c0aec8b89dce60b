CREATE TABLE `job_failures` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`payload` text,
	`error` text NOT NULL,
	`attempts` integer NOT NULL,
	`queued_at` text NOT NULL,
	`failed_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `job_failures_failed_idx` ON `job_failures` (`failed_at`);--> statement-breakpoint
CREATE TABLE `member_removals` (
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`removed_at` text NOT NULL,
	PRIMARY KEY(`organization_id`, `user_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `saml_providers` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`label` text NOT NULL,
	`entity_id` text NOT NULL,
	`certificate` text NOT NULL,
	`sso_url` text NOT NULL,
	`default_team_id` text,
	`default_role` text,
	`allow_idp_initiated` integer DEFAULT false NOT NULL,
	`readd_removed_members` integer DEFAULT false NOT NULL,
	`sp_private_key` text NOT NULL,
	`sp_certificate` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`default_team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `saml_providers_org_idx` ON `saml_providers` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `sso_assertions` (
	`provider_id` text NOT NULL,
	`assertion_id` text NOT NULL,
	`expires_at` text NOT NULL,
	PRIMARY KEY(`provider_id`, `assertion_id`),
	FOREIGN KEY (`provider_id`) REFERENCES `saml_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sso_assertions_expires_idx` ON `sso_assertions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sso_codes` (
	`digest` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sso_codes_expires_idx` ON `sso_codes` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sso_members` (
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`organization_id`, `user_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sso_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`relay_state` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`provider_id`) REFERENCES `saml_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sso_requests_expires_idx` ON `sso_requests` (`expires_at`);--> statement-breakpoint
CREATE TABLE `integration_installation_targets` (
	`installation_id` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`configuration` text NOT NULL,
	`external_ids` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`installation_id`, `target_type`, `target_id`),
	FOREIGN KEY (`installation_id`) REFERENCES `integration_installations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `integration_installation_targets_target_idx` ON `integration_installation_targets` (`target_type`,`target_id`,`installation_id`);--> statement-breakpoint
CREATE TABLE `integration_installations` (
	`id` text PRIMARY KEY NOT NULL,
	`integration_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`space_selection` text NOT NULL,
	`site_selection` text NOT NULL,
	`configuration` text NOT NULL,
	`external_ids` text NOT NULL,
	`bot_user_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`integration_id`) REFERENCES `integrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bot_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `integration_installations_integration_idx` ON `integration_installations` (`integration_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `integration_installations_org_idx` ON `integration_installations` (`organization_id`,`integration_id`);--> statement-breakpoint
CREATE TABLE `integrations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`organization_id` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`runtime` text DEFAULT 'v2' NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`summary` text,
	`visibility` text DEFAULT 'private' NOT NULL,
	`target` text DEFAULT 'all' NOT NULL,
	`scopes` text NOT NULL,
	`categories` text NOT NULL,
	`blocks` text NOT NULL,
	`content_sources` text NOT NULL,
	`external_links` text NOT NULL,
	`configurations` text,
	`content_security_policy` text,
	`script_key` text NOT NULL,
	`script_hash` text NOT NULL,
	`icon_key` text,
	`preview_image_keys` text NOT NULL,
	`secrets_sealed` text,
	`signing_secret_sealed` text NOT NULL,
	`dev_tunnel_url` text,
	`dev_all_requests` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `integrations_name_unique` ON `integrations` (`name`);--> statement-breakpoint
CREATE INDEX `integrations_org_idx` ON `integrations` (`organization_id`,`name`);--> statement-breakpoint
CREATE TABLE `integration_event_counts` (
	`integration_id` text PRIMARY KEY NOT NULL,
	`events_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`integration_id`) REFERENCES `integrations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `integration_events` (
	`id` text PRIMARY KEY NOT NULL,
	`integration_id` text NOT NULL,
	`installation_id` text,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`response_status` integer,
	`version` integer,
	`logs` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`integration_id`) REFERENCES `integrations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `integration_events_list_idx` ON `integration_events` (`integration_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `openapi_spec_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`spec_id` text NOT NULL,
	`content_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`raw_key` text NOT NULL,
	`raw_content_type` text NOT NULL,
	`document_key` text NOT NULL,
	`operation_count` integer NOT NULL,
	`size` integer NOT NULL,
	FOREIGN KEY (`spec_id`) REFERENCES `openapi_specs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `openapi_spec_versions_spec_idx` ON `openapi_spec_versions` (`spec_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `openapi_specs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`slug` text NOT NULL,
	`source_url` text,
	`source_kind` text NOT NULL,
	`source_text_key` text,
	`visibility` text DEFAULT 'private' NOT NULL,
	`processing_state` text NOT NULL,
	`last_version_id` text,
	`last_processed_at` text,
	`last_process_error_code` text,
	`last_processed_errors` text,
	`last_processed_error_count` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`next_fetch_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `openapi_specs_org_slug_idx` ON `openapi_specs` (`organization_id`,`slug`);--> statement-breakpoint
CREATE INDEX `openapi_specs_next_fetch_idx` ON `openapi_specs` (`next_fetch_at`);--> statement-breakpoint
CREATE TABLE `translation_counters` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`translations` integer DEFAULT 0 NOT NULL,
	`glossary_entries` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `translation_glossary` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`translations` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `translation_glossary_org_idx` ON `translation_glossary` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `translation_pages` (
	`translation_id` text NOT NULL,
	`source_page_id` text NOT NULL,
	`result_page_id` text NOT NULL,
	`source_hash` text,
	PRIMARY KEY(`translation_id`, `source_page_id`),
	FOREIGN KEY (`translation_id`) REFERENCES `translations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `translation_staged` (
	`translation_id` text NOT NULL,
	`source_page_id` text NOT NULL,
	`source_hash` text NOT NULL,
	`done` integer DEFAULT false NOT NULL,
	`title` text,
	`description` text,
	`body` text,
	`words` integer DEFAULT 0 NOT NULL,
	`ord` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`translation_id`, `source_page_id`),
	FOREIGN KEY (`translation_id`) REFERENCES `translations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `translation_staged_waiting_idx` ON `translation_staged` (`translation_id`,`done`,`ord`);--> statement-breakpoint
CREATE TABLE `translations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`source_space_id` text NOT NULL,
	`source_language` text NOT NULL,
	`language` text NOT NULL,
	`instructions` text,
	`result_space_id` text,
	`result_revision_id` text,
	`state` text DEFAULT 'idle' NOT NULL,
	`run_id` text,
	`run_started_at` text,
	`heartbeat_at` text,
	`error` text,
	`runs` integer DEFAULT 0 NOT NULL,
	`total_words` integer DEFAULT 0 NOT NULL,
	`total_pages` integer DEFAULT 0 NOT NULL,
	`total_duration_ms` integer DEFAULT 0 NOT NULL,
	`latest_duration_ms` integer DEFAULT 0 NOT NULL,
	`latest_pages` integer DEFAULT 0 NOT NULL,
	`latest_words` integer DEFAULT 0 NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `translations_org_idx` ON `translations` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `change_request_conversations` (
	`change_request_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`title` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`change_request_id`, `conversation_id`)
);
--> statement-breakpoint
CREATE TABLE `conversation_cluster_terms` (
	`organization_id` text NOT NULL,
	`term` text NOT NULL,
	`cluster_id` text NOT NULL,
	`weight` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `term`, `cluster_id`)
);
--> statement-breakpoint
CREATE INDEX `conversation_cluster_terms_cluster_idx` ON `conversation_cluster_terms` (`cluster_id`);--> statement-breakpoint
CREATE TABLE `conversation_clusters` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`label` text NOT NULL,
	`summary` text NOT NULL,
	`icon` text NOT NULL,
	`centroid` text NOT NULL,
	`words` text NOT NULL,
	`embedding` text,
	`issues_count` integer DEFAULT 0 NOT NULL,
	`sources` text NOT NULL,
	`weeks` text NOT NULL,
	`last_issue_at` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `conversation_clusters_list_idx` ON `conversation_clusters` (`organization_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `conversation_corpus` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`conversations_count` integer DEFAULT 0 NOT NULL,
	`issues_count` integer DEFAULT 0 NOT NULL,
	`clusters_count` integer DEFAULT 0 NOT NULL,
	`total_length` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `conversation_issues` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`cluster_id` text NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	`terms` text NOT NULL,
	`length` integer NOT NULL,
	`source` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `conversation_issues_list_idx` ON `conversation_issues` (`organization_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `conversation_issues_cluster_idx` ON `conversation_issues` (`organization_id`,`cluster_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `conversation_issues_conversation_idx` ON `conversation_issues` (`organization_id`,`conversation_id`);--> statement-breakpoint
CREATE TABLE `conversation_sources` (
	`organization_id` text NOT NULL,
	`source` text NOT NULL,
	`conversations_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`organization_id`, `source`)
);
--> statement-breakpoint
CREATE TABLE `conversation_terms` (
	`organization_id` text NOT NULL,
	`term` text NOT NULL,
	`documents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`organization_id`, `term`)
);
--> statement-breakpoint
CREATE TABLE `conversations` (
	`organization_id` text NOT NULL,
	`id` text NOT NULL,
	`source` text NOT NULL,
	`subject` text,
	`url` text,
	`attributes` text,
	`parts` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`processed_at` text,
	`revision` integer DEFAULT 1 NOT NULL,
	`issues_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`organization_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `conversations_list_idx` ON `conversations` (`organization_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `conversations_source_idx` ON `conversations` (`organization_id`,`source`,`updated_at`,`id`);--> statement-breakpoint
ALTER TABLE `page_versions` ADD `computed` text;--> statement-breakpoint
ALTER TABLE `change_requests` ADD `conversations_count` integer DEFAULT 0 NOT NULL;