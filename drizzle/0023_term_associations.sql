ALTER TABLE `conversation_clusters` ADD `context` text;--> statement-breakpoint
ALTER TABLE `conversation_terms` ADD `associates` text;