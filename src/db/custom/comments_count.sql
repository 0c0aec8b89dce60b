-- spaces.comments_count and change_requests.comments_count: the comments of each place, kept
-- exact by triggers on every path that writes comments, so an unfiltered comment list reads its
-- count (and `status=resolved` reads count minus the open counter) instead of counting rows.
-- Appended to the drizzle-kit migration 0004_comments_count.sql (drizzle-kit cannot express
-- triggers).
CREATE TRIGGER `comments_count_insert` AFTER INSERT ON `comments` BEGIN
  UPDATE spaces SET comments_count = comments_count + 1
    WHERE id = NEW.space_id AND NEW.change_request_id IS NULL;
  UPDATE change_requests SET comments_count = comments_count + 1
    WHERE id = NEW.change_request_id;
END;--> statement-breakpoint
CREATE TRIGGER `comments_count_delete` AFTER DELETE ON `comments` BEGIN
  UPDATE spaces SET comments_count = comments_count - 1
    WHERE id = OLD.space_id AND OLD.change_request_id IS NULL;
  UPDATE change_requests SET comments_count = comments_count - 1
    WHERE id = OLD.change_request_id;
END;--> statement-breakpoint
UPDATE spaces SET comments_count =
  (SELECT COUNT(*) FROM comments WHERE space_id = spaces.id AND change_request_id IS NULL);--> statement-breakpoint
UPDATE change_requests SET comments_count =
  (SELECT COUNT(*) FROM comments WHERE change_request_id = change_requests.id);
