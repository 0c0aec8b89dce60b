CREATE TABLE `live_rooms` (
	`change_request_id` text NOT NULL,
	`page_id` text NOT NULL,
	`opened_at` text NOT NULL,
	PRIMARY KEY(`change_request_id`, `page_id`)
);
