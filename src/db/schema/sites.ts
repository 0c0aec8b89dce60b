import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { DefaultLevel } from "../../lib/roles";
import { organizations } from "./organizations";
import { spaces } from "./spaces";

/** Official SiteType. */
export type SiteType =
  | "basic"
  | "premium"
  | "ultimate"
  | "sponsored"
  | "legacy-basic"
  | "legacy-premium";

/** Official SiteVisibility: who may read the published site. */
export type SiteVisibility = "public" | "unlisted" | "share-link" | "visitor-auth";

/** A stored adaptive-content JSON Schema (validated by src/services/sites/adaptive.ts). */
export type AdaptiveJsonSchema = Record<string, unknown>;

/**
 * Docs sites publish spaces. `siteSpacesCount` and `shareLinksCount` are kept exact in the same
 * batch as the writes; the default site space / section columns may name a deleted item, in
 * which case the first item (by position) is the default.
 */
export const sites = sqliteTable(
  "sites",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    type: text("type").$type<SiteType>().notNull().default("basic"),
    title: text("title").notNull(),
    titleLower: text("title_lower").notNull(),
    visibility: text("visibility").$type<SiteVisibility>().notNull().default("public"),
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    hostname: text("hostname").unique(),
    basename: text("basename"),
    proxy: text("proxy"),
    adaptiveContent: integer("adaptive_content", { mode: "boolean" }).notNull().default(false),
    agentsContext: text("agents_context")
      .$type<"excluded" | "included">()
      .notNull()
      .default("included"),
    defaultLevel: text("default_level").$type<DefaultLevel>().notNull().default("inherit"),
    defaultSiteSpaceId: text("default_site_space_id"),
    defaultSectionId: text("default_section_id"),
    siteSpacesCount: integer("site_spaces_count").notNull().default(0),
    shareLinksCount: integer("share_links_count").notNull().default(0),
    /** The site's live and draft redirects, kept exact in the batch of every redirect write. */
    liveRedirectsCount: integer("live_redirects_count").notNull().default(0),
    draftRedirectsCount: integer("draft_redirects_count").notNull().default(0),
    /**
     * Bumped whenever who may read the published site changes (publish, unpublish, visibility,
     * a share link deactivated or deleted, the visitor key changed): site API tokens carry the
     * version they were minted at, and a read checks it in the statement that reads the content.
     */
    publicationVersion: integer("publication_version").notNull().default(1),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("sites_org_idx").on(t.organizationId, t.createdAt, t.id),
    index("sites_org_title_idx").on(t.organizationId, t.titleLower),
  ],
);

/** Exact number of sites per organization, kept in the same batch as site creation/deletion. */
export const siteCounters = sqliteTable("site_counters", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  sitesCount: integer("sites_count").notNull().default(0),
});

/** Section groups nest sections (and other groups) in a site's navigation. */
export const siteSectionGroups = sqliteTable(
  "site_section_groups",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    parentId: text("parent_id"),
    title: text("title").notNull(),
    icon: text("icon"),
    position: text("position").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("site_section_groups_site_idx").on(t.siteId, t.parentId, t.position)],
);

/** Sections: top-level navigation entries of a site, each holding site spaces (variants). */
export const siteSections = sqliteTable(
  "site_sections",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    groupId: text("group_id"),
    title: text("title").notNull(),
    description: text("description"),
    path: text("path").notNull(),
    condition: text("condition"),
    icon: text("icon"),
    position: text("position").notNull(),
    defaultSiteSpaceId: text("default_site_space_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("site_sections_path_idx").on(t.siteId, t.path),
    index("site_sections_site_idx").on(t.siteId, t.groupId, t.position),
  ],
);

/**
 * A space published in a site, at the root (no sections) or in a section. `containerId` is the
 * section id, or the site id at the root, so paths are unique among siblings by index.
 */
export const siteSpaces = sqliteTable(
  "site_spaces",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    sectionId: text("section_id"),
    containerId: text("container_id").notNull(),
    spaceId: text("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    condition: text("condition"),
    /** The official site-specific title of this variant; null: the space's own title. */
    title: text("title"),
    position: text("position").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("site_spaces_path_idx").on(t.containerId, t.path),
    index("site_spaces_site_idx").on(t.siteId, t.containerId, t.position),
    index("site_spaces_space_idx").on(t.spaceId),
  ],
);

/** Share links: whoever holds an active link's key may read a `share-link` site. */
export const shareLinks = sqliteTable(
  "share_links",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    key: text("key").notNull().unique(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("share_links_site_idx").on(t.siteId, t.createdAt, t.id)],
);

/** The visitor-claims JSON Schema of an adaptive-content site (absent until first set). */
export const siteAdaptiveSchemas = sqliteTable("site_adaptive_schemas", {
  siteId: text("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  jsonSchema: text("json_schema", { mode: "json" }).$type<AdaptiveJsonSchema>().notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** Visitor-authentication settings of a site: the key visitor JWTs are signed with. */
export const siteAuth = sqliteTable("site_auth", {
  siteId: text("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  privateKey: text("private_key").notNull(),
  backend: text("backend").$type<"custom" | "integration">().notNull().default("custom"),
  fallbackUrl: text("fallback_url"),
  logoutUrl: text("logout_url"),
  updatedAt: text("updated_at").notNull(),
});
