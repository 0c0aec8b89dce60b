-- Hand-written (drizzle-kit generate --custom): a disabled member is signed out at once.
-- No API route disables a member today; whatever does (SCIM, an admin toggle, an operator's SQL)
-- ends the person's sessions in the same statement (docs/security.md, "Sessions"). A removal
-- revokes them in removeMember's own batch (src/services/members/members.ts).
CREATE TRIGGER `org_members_disabled_ends_sessions` AFTER UPDATE OF `disabled` ON `org_members`
  WHEN NEW.`disabled` = 1 AND OLD.`disabled` = 0
BEGIN
  UPDATE `api_tokens` SET `revoked_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE `user_id` = NEW.`user_id` AND `kind` = 'session' AND `revoked_at` IS NULL;
END;
