-- organizations.spaces_count: the organization's live spaces, kept exact by triggers on every
-- path that writes spaces (API, retention, seeds, tests writing rows directly), so the org space
-- list reads its count instead of counting the organization's spaces. Appended to the
-- drizzle-kit migration 0003_spaces_count.sql (drizzle-kit cannot express triggers).
CREATE TRIGGER `spaces_count_insert` AFTER INSERT ON `spaces` WHEN NEW.deleted_at IS NULL BEGIN
  UPDATE organizations SET spaces_count = spaces_count + 1 WHERE id = NEW.organization_id;
END;--> statement-breakpoint
CREATE TRIGGER `spaces_count_delete` AFTER DELETE ON `spaces` WHEN OLD.deleted_at IS NULL BEGIN
  UPDATE organizations SET spaces_count = spaces_count - 1 WHERE id = OLD.organization_id;
END;--> statement-breakpoint
CREATE TRIGGER `spaces_count_update` AFTER UPDATE OF deleted_at, organization_id ON `spaces`
  WHEN (OLD.deleted_at IS NULL) != (NEW.deleted_at IS NULL) OR OLD.organization_id != NEW.organization_id
BEGIN
  UPDATE organizations SET spaces_count = spaces_count - 1
    WHERE id = OLD.organization_id AND OLD.deleted_at IS NULL;
  UPDATE organizations SET spaces_count = spaces_count + 1
    WHERE id = NEW.organization_id AND NEW.deleted_at IS NULL;
END;--> statement-breakpoint
UPDATE organizations SET spaces_count =
  (SELECT COUNT(*) FROM spaces WHERE organization_id = organizations.id AND deleted_at IS NULL);
