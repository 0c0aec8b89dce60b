-- comments.replies_count and comments.reactions_count: the replies of a comment and the
-- reactions on the comment itself, kept exact by triggers, so a comment list page reads the
-- repliers and reactions of only the comments that have some. Appended to the drizzle-kit
-- migration 0005_comment_thread_counts.sql (drizzle-kit cannot express triggers).
CREATE TRIGGER `comment_replies_count_insert` AFTER INSERT ON `comment_replies` BEGIN
  UPDATE comments SET replies_count = replies_count + 1 WHERE id = NEW.comment_id;
END;--> statement-breakpoint
CREATE TRIGGER `comment_replies_count_delete` AFTER DELETE ON `comment_replies` BEGIN
  UPDATE comments SET replies_count = replies_count - 1 WHERE id = OLD.comment_id;
END;--> statement-breakpoint
CREATE TRIGGER `comment_reactions_count_insert` AFTER INSERT ON `comment_reactions` BEGIN
  UPDATE comments SET reactions_count = reactions_count + 1 WHERE id = NEW.target_id;
END;--> statement-breakpoint
CREATE TRIGGER `comment_reactions_count_delete` AFTER DELETE ON `comment_reactions` BEGIN
  UPDATE comments SET reactions_count = reactions_count - 1 WHERE id = OLD.target_id;
END;--> statement-breakpoint
UPDATE comments SET
  replies_count = (SELECT COUNT(*) FROM comment_replies r WHERE r.comment_id = comments.id),
  reactions_count = (SELECT COUNT(*) FROM comment_reactions x WHERE x.target_id = comments.id);
