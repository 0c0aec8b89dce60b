CREATE TABLE `site_addresses` (
	`site_id` text NOT NULL,
	`kind` text NOT NULL,
	`address` text NOT NULL,
	`exact` integer NOT NULL,
	PRIMARY KEY(`site_id`, `kind`, `address`),
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_addresses_address_idx` ON `site_addresses` (`address`,`exact`);--> statement-breakpoint
CREATE UNIQUE INDEX `site_addresses_exact_idx` ON `site_addresses` (`address`) WHERE exact = 1;--> statement-breakpoint
-- Issue 34, finding 1: the addresses sites already hold, then the rule that keeps them one
-- site's each (appended to the drizzle-kit migration: drizzle-kit cannot express triggers).
-- Existing custom host names, lower case (the column is unique: no two sites share one).
INSERT OR IGNORE INTO `site_addresses` (`site_id`, `kind`, `address`, `exact`)
  SELECT `id`, 'hostname', lower(`hostname`), 1 FROM `sites` WHERE `hostname` IS NOT NULL;--> statement-breakpoint
-- Existing proxy origins (host and path segments, no scheme, as the API stores them) with every
-- address above them. Two sites with the same proxy keep it for the first only (the unique
-- index); nested rows stored before are kept, and URL resolution never crosses between them.
INSERT OR IGNORE INTO `site_addresses` (`site_id`, `kind`, `address`, `exact`)
  WITH RECURSIVE `prefixes`(`site_id`, `full`, `address`) AS (
    SELECT `id`, rtrim(lower(`proxy`), '/'), substr(lower(`proxy`), 1, instr(`proxy`, '/') - 1)
      FROM `sites` WHERE `proxy` IS NOT NULL AND instr(`proxy`, '/') > 1
    UNION ALL
    SELECT `site_id`, `full`, `address` || '/' || CASE
        WHEN instr(substr(`full`, length(`address`) + 2), '/') = 0
          THEN substr(`full`, length(`address`) + 2)
        ELSE substr(`full`, length(`address`) + 2, instr(substr(`full`, length(`address`) + 2), '/') - 1)
      END
      FROM `prefixes` WHERE length(`address`) < length(`full`)
  )
  SELECT `site_id`, 'proxy', `address`, `address` = `full` FROM `prefixes`;--> statement-breakpoint
-- A row at another site's exact address, or an exact address where another site holds any row,
-- nests one site's address in another's: the insert fails, and with it the batch that wrote it.
CREATE TRIGGER `site_addresses_one_site` BEFORE INSERT ON `site_addresses`
  WHEN EXISTS (
    SELECT 1 FROM `site_addresses` AS `other`
    WHERE `other`.`address` = NEW.`address` AND `other`.`site_id` <> NEW.`site_id`
      AND (`other`.`exact` = 1 OR NEW.`exact` = 1)
  )
BEGIN
  SELECT RAISE(ABORT, 'site address held by another site');
END;
