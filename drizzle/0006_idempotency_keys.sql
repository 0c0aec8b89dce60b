CREATE TABLE `idempotency_keys` (
	`token_digest` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`claim` text NOT NULL,
	`created_at` text NOT NULL,
	`status` integer,
	`response` text,
	PRIMARY KEY(`token_digest`, `key`),
	FOREIGN KEY (`token_digest`) REFERENCES `api_tokens`(`digest`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);