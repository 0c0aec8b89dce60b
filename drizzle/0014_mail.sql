CREATE TABLE `email_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text,
	`sso` integer DEFAULT false NOT NULL,
	`token_digest` text NOT NULL,
	`invited_by` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`accepted_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_invites_token_digest_unique` ON `email_invites` (`token_digest`);--> statement-breakpoint
CREATE INDEX `email_invites_email_idx` ON `email_invites` (`email`,`expires_at`);--> statement-breakpoint
CREATE INDEX `email_invites_org_idx` ON `email_invites` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_sign_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`user_id` text,
	`sign_up` integer DEFAULT false NOT NULL,
	`link_digest` text NOT NULL,
	`code_digest` text NOT NULL,
	`nonce_digest` text NOT NULL,
	`wrong_codes` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_sign_ins_link_digest_unique` ON `email_sign_ins` (`link_digest`);--> statement-breakpoint
CREATE INDEX `email_sign_ins_email_idx` ON `email_sign_ins` (`email`,`created_at`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_created_idx` ON `mail_outbox` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `org_sign_in_settings` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`passwords_allowed` integer DEFAULT true NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sign_in_failures` (
	`subject` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`window_started_at` text NOT NULL,
	`locked_until` text
);
--> statement-breakpoint
CREATE TABLE `user_passwords` (
	`user_id` text PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
