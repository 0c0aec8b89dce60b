import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations";
import { users } from "./users";

/** Official IntegrationVisibility. */
export type IntegrationVisibility = "public" | "private" | "unlisted";

/** Official IntegrationInstallationStatus. */
export type IntegrationInstallationStatus = "active" | "pending" | "paused";

/** Official IntegrationInstallationSelection ("all" spaces/sites, or only the selected ones). */
export type IntegrationSelection = "all" | "selected";

/**
 * Published integrations. `name` is the public identifier; the script lives in R2 under
 * `scriptKey` (content-addressed), secrets are sealed with AES-GCM and never leave the server
 * in clear except inside an execution environment.
 */
export const integrations = sqliteTable(
  "integrations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull().unique(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    version: integer("version").notNull().default(1),
    runtime: text("runtime").notNull().default("v2"),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    summary: text("summary"),
    visibility: text("visibility").$type<IntegrationVisibility>().notNull().default("private"),
    target: text("target").notNull().default("all"),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    categories: text("categories", { mode: "json" }).$type<string[]>().notNull(),
    blocks: text("blocks", { mode: "json" }).$type<unknown[]>().notNull(),
    contentSources: text("content_sources", { mode: "json" }).$type<unknown[]>().notNull(),
    externalLinks: text("external_links", { mode: "json" }).$type<unknown[]>().notNull(),
    configurations: text("configurations", { mode: "json" }).$type<Record<string, unknown>>(),
    contentSecurityPolicy: text("content_security_policy"),
    scriptKey: text("script_key").notNull(),
    scriptHash: text("script_hash").notNull(),
    iconKey: text("icon_key"),
    previewImageKeys: text("preview_image_keys", { mode: "json" }).$type<string[]>().notNull(),
    secretsSealed: text("secrets_sealed"),
    signingSecretSealed: text("signing_secret_sealed").notNull(),
    devTunnelUrl: text("dev_tunnel_url"),
    devAllRequests: integer("dev_all_requests", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("integrations_org_idx").on(t.organizationId, t.name)],
);

/** An integration installed in an organization, with its own bot user (the token principal). */
export const integrationInstallations = sqliteTable(
  "integration_installations",
  {
    id: text("id").primaryKey(),
    integrationId: text("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    status: text("status").$type<IntegrationInstallationStatus>().notNull().default("active"),
    spaceSelection: text("space_selection").$type<IntegrationSelection>().notNull(),
    siteSelection: text("site_selection").$type<IntegrationSelection>().notNull(),
    configuration: text("configuration", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull(),
    externalIds: text("external_ids", { mode: "json" }).$type<string[]>().notNull(),
    botUserId: text("bot_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("integration_installations_integration_idx").on(t.integrationId, t.createdAt, t.id),
    uniqueIndex("integration_installations_org_idx").on(t.organizationId, t.integrationId),
  ],
);

/** A space or a site an installation is installed on (selected, or all when selection is all). */
export const integrationInstallationTargets = sqliteTable(
  "integration_installation_targets",
  {
    installationId: text("installation_id")
      .notNull()
      .references(() => integrationInstallations.id, { onDelete: "cascade" }),
    targetType: text("target_type").$type<"space" | "site">().notNull(),
    targetId: text("target_id").notNull(),
    status: text("status").$type<IntegrationInstallationStatus>().notNull().default("active"),
    configuration: text("configuration", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull(),
    externalIds: text("external_ids", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.installationId, t.targetType, t.targetId] }),
    index("integration_installation_targets_target_idx").on(
      t.targetType,
      t.targetId,
      t.installationId,
    ),
  ],
);

/** An `integrations` row as stored. */
export type IntegrationRow = typeof integrations.$inferSelect;

/** An `integration_installations` row as stored. */
export type IntegrationInstallationRow = typeof integrationInstallations.$inferSelect;

/** An `integration_installation_targets` row as stored. */
export type IntegrationInstallationTargetRow = typeof integrationInstallationTargets.$inferSelect;

/**
 * The users that are installations' bots (token principals, not people): every list of people
 * leaves them out, and the retention job finds the bots whose installation is gone. No foreign
 * key to the installation, so a bot left by a deleted organization or integration stays known.
 */
export const integrationBotUsers = sqliteTable("integration_bot_users", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  installationId: text("installation_id").notNull(),
  createdAt: text("created_at").notNull(),
});

/**
 * The counts of the integration lists, kept by the writes in their own batches (never a scan):
 * `public`, `org:<id>` (an organization's private and unlisted integrations),
 * `installations:<integration>`, `spaces:<integration>`, `sites:<integration>`,
 * `installation-spaces:<installation>`, `installation-sites:<installation>`.
 */
export const integrationCounts = sqliteTable("integration_counts", {
  key: text("key").primaryKey(),
  n: integer("n").notNull().default(0),
});
