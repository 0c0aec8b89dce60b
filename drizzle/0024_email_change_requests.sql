ALTER TABLE `email_sign_ins` ADD `purpose` text DEFAULT 'sign-in' NOT NULL;--> statement-breakpoint
CREATE INDEX `email_sign_ins_user_idx` ON `email_sign_ins` (`user_id`,`purpose`,`created_at`);