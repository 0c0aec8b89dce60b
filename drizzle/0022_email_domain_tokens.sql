-- Hand-written (drizzle-kit generate --custom): the domains listed before verification existed
-- get their random TXT token (32 hex characters); every later row is written with one
-- (src/services/organizations/domains/). They start pending: none is verified by this.
UPDATE `org_email_domains` SET `token` = lower(hex(randomblob(16))) WHERE `token` = '';
