CREATE TABLE `integration_bot_users` (
	`user_id` text PRIMARY KEY NOT NULL,
	`installation_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `integration_counts` (
	`key` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `openapi_spec_counts` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`specs_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `openapi_specs` ADD `versions_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversation_corpus` ADD `clustering_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `conversation_cluster_terms_weight_idx` ON `conversation_cluster_terms` (`organization_id`,`term`,`weight`);--> statement-breakpoint
-- Hand-written data backfill (appended by hand to the drizzle-kit output): existing bots become
-- known bots and leave the member counters; the list counters start from the rows.
INSERT INTO `integration_bot_users` (`user_id`, `installation_id`, `created_at`) SELECT `bot_user_id`, `id`, `created_at` FROM `integration_installations`;
--> statement-breakpoint
UPDATE `organizations` SET `members_count` = max(0, `members_count` - (SELECT count(*) FROM `integration_installations` i WHERE i.`organization_id` = `organizations`.`id`));
--> statement-breakpoint
INSERT INTO `integration_counts` (`key`, `n`) SELECT CASE WHEN `visibility` = 'public' THEN 'public' ELSE 'org:' || `organization_id` END, count(*) FROM `integrations` WHERE true GROUP BY 1;
--> statement-breakpoint
INSERT INTO `integration_counts` (`key`, `n`) SELECT 'installations:' || `integration_id`, count(*) FROM `integration_installations` WHERE true GROUP BY `integration_id`;
--> statement-breakpoint
INSERT INTO `integration_counts` (`key`, `n`) SELECT t.`target_type` || 's:' || i.`integration_id`, count(*) FROM `integration_installation_targets` t JOIN `integration_installations` i ON i.`id` = t.`installation_id` GROUP BY t.`target_type`, i.`integration_id`;
--> statement-breakpoint
INSERT INTO `integration_counts` (`key`, `n`) SELECT 'installation-' || `target_type` || 's:' || `installation_id`, count(*) FROM `integration_installation_targets` WHERE true GROUP BY `target_type`, `installation_id`;
--> statement-breakpoint
-- The API spec lists' counts, kept exact by triggers on every path that writes specs or versions
-- (create, PUT upsert, delete, processing, the organization's cascade), so the lists read a
-- counter instead of counting rows: `openapi_spec_counts.specs_count` per organization and
-- `openapi_specs.versions_count` per spec. Appended by hand to the drizzle-kit
-- output (drizzle-kit cannot express triggers).
CREATE TRIGGER `openapi_specs_count_insert` AFTER INSERT ON `openapi_specs` BEGIN
  INSERT INTO openapi_spec_counts (organization_id, specs_count) VALUES (NEW.organization_id, 1)
    ON CONFLICT(organization_id) DO UPDATE SET specs_count = specs_count + 1;
END;--> statement-breakpoint
CREATE TRIGGER `openapi_specs_count_delete` AFTER DELETE ON `openapi_specs` BEGIN
  UPDATE openapi_spec_counts SET specs_count = specs_count - 1
    WHERE organization_id = OLD.organization_id;
END;--> statement-breakpoint
CREATE TRIGGER `openapi_versions_count_insert` AFTER INSERT ON `openapi_spec_versions` BEGIN
  UPDATE openapi_specs SET versions_count = versions_count + 1 WHERE id = NEW.spec_id;
END;--> statement-breakpoint
CREATE TRIGGER `openapi_versions_count_delete` AFTER DELETE ON `openapi_spec_versions` BEGIN
  UPDATE openapi_specs SET versions_count = versions_count - 1 WHERE id = OLD.spec_id;
END;--> statement-breakpoint
INSERT INTO openapi_spec_counts (organization_id, specs_count)
  SELECT organization_id, COUNT(*) FROM openapi_specs GROUP BY organization_id;--> statement-breakpoint
UPDATE openapi_specs SET versions_count =
  (SELECT COUNT(*) FROM openapi_spec_versions WHERE spec_id = openapi_specs.id);--> statement-breakpoint
-- Search reads rows bounded by the page (issue 17): every FTS row carries its page's place on
-- main (`page`: id, path, ancestor titles), so a search reads nothing but the ranked sections.
-- FTS5 tables cannot add a column: the table is rebuilt empty and every space's index state is
-- dropped, so the first search of a space (or its next merge) re-indexes it whole
-- (src/services/search/indexer.ts catches up a space it finds behind main).
DROP TABLE `search_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_fts` USING fts5(
	space_key, org_key, title, description, heading, body, anchor UNINDEXED, page UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
DELETE FROM `search_pages`;
--> statement-breakpoint
DELETE FROM `search_spaces`;
