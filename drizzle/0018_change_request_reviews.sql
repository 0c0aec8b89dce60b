CREATE TABLE `change_request_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`change_request_id` text NOT NULL,
	`reviewer_id` text NOT NULL,
	`requested_by` text,
	`status` text NOT NULL,
	`revision_id` text NOT NULL,
	`comment_id` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cr_reviews_list_idx` ON `change_request_reviews` (`change_request_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `cr_reviews_reviewer_idx` ON `change_request_reviews` (`change_request_id`,`reviewer_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `change_request_reviewers` ADD `requested_by` text;--> statement-breakpoint
ALTER TABLE `change_request_reviewers` ADD `revision_id` text;