-- The API spec lists' counts, kept exact by triggers on every path that writes specs or versions
-- (create, PUT upsert, delete, processing, the organization's cascade), so the lists read a
-- counter instead of counting rows: `openapi_spec_counts.specs_count` per organization and
-- `openapi_specs.versions_count` per spec. Appended to the drizzle-kit migration
-- 0008_counters_search_bots.sql (drizzle-kit cannot express triggers).
CREATE TRIGGER `openapi_specs_count_insert` AFTER INSERT ON `openapi_specs` BEGIN
  INSERT INTO openapi_spec_counts (organization_id, specs_count) VALUES (NEW.organization_id, 1)
    ON CONFLICT(organization_id) DO UPDATE SET specs_count = specs_count + 1;
END;--> statement-breakpoint
CREATE TRIGGER `openapi_specs_count_delete` AFTER DELETE ON `openapi_specs` BEGIN
  UPDATE openapi_spec_counts SET specs_count = specs_count - 1
    WHERE organization_id = OLD.organization_id;
END;--> statement-breakpoint
CREATE TRIGGER `openapi_versions_count_insert` AFTER INSERT ON `openapi_spec_versions` BEGIN
  UPDATE openapi_specs SET versions_count = versions_count + 1 WHERE id = NEW.spec_id;
END;--> statement-breakpoint
CREATE TRIGGER `openapi_versions_count_delete` AFTER DELETE ON `openapi_spec_versions` BEGIN
  UPDATE openapi_specs SET versions_count = versions_count - 1 WHERE id = OLD.spec_id;
END;--> statement-breakpoint
INSERT INTO openapi_spec_counts (organization_id, specs_count)
  SELECT organization_id, COUNT(*) FROM openapi_specs GROUP BY organization_id;--> statement-breakpoint
UPDATE openapi_specs SET versions_count =
  (SELECT COUNT(*) FROM openapi_spec_versions WHERE spec_id = openapi_specs.id);
