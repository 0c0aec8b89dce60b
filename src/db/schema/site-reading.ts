import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { sites } from "./sites";

/** Official SiteRedirectDestination, stored as given (validated by the route's schema). */
export type SiteRedirectDestination = Record<string, unknown>;

/**
 * A site's redirects (official SiteRedirect): a source path under the site and where it leads.
 * A source holds one live and one draft redirect (GitBook's model: a bulk item names its
 * redirect by source and intent); `updated_at` is null until the first update. The indexes serve
 * the list's orders within live or draft as keyset scans; the site's `live_redirects_count` and
 * `draft_redirects_count` count them (src/services/sites/redirects.ts keeps them exact).
 */
export const siteRedirects = sqliteTable(
  "site_redirects",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    destination: text("destination", { mode: "json" }).$type<SiteRedirectDestination>().notNull(),
    draft: integer("draft", { mode: "boolean" }).notNull().default(false),
    captureWildcard: integer("capture_wildcard", { mode: "boolean" }).notNull().default(false),
    permanent: integer("permanent", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at"),
    /** The key of the official `updatedAt` order: the update time, else the creation time. */
    changedAt: text("changed_at")
      .notNull()
      .generatedAlwaysAs(sql`coalesce(updated_at, created_at)`, { mode: "virtual" }),
  },
  (t) => [
    uniqueIndex("site_redirects_source_idx").on(t.siteId, t.draft, t.source),
    index("site_redirects_created_idx").on(t.siteId, t.draft, t.createdAt, t.id),
    index("site_redirects_changed_idx").on(t.siteId, t.draft, t.changedAt, t.id),
  ],
);

/**
 * Site insights in bounded form: one counter per site, UTC day, event type, site space, page and
 * value (a feedback rating, or empty), incremented by the tracking operation; raw events are
 * never kept.
 */
export const siteInsightCounts = sqliteTable(
  "site_insight_counts",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    type: text("type").notNull(),
    siteSpaceId: text("site_space_id").notNull().default(""),
    pageId: text("page_id").notNull().default(""),
    value: text("value").notNull().default(""),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.type, t.siteSpaceId, t.pageId, t.value] })],
);
