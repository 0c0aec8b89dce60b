ALTER TABLE `comment_replies` ADD `markdown` text;--> statement-breakpoint
ALTER TABLE `comments` ADD `markdown` text;